/**
 * Who is calling: the one place where a request is turned into the simulator user it acts as.
 * Until bearer tokens are verified here (the authorization server's work), every request acts
 * as the documented demo user.
 */
import type { FastifyRequest } from 'fastify';
import type { SimulatorContext } from '../context';
import { DEMO_USER } from '../data/book/demo';
import { findUserById } from '../data/book/directory';
import type { SimUser } from '../data/book/directoryTypes';
import { ServiceError } from './errors';

export type { SimUser } from '../data/book/directoryTypes';

/** The user the request acts as. */
export function requestUser(_request: FastifyRequest, context: SimulatorContext): SimUser {
  const user = findUserById(context.universe.db, DEMO_USER.userId);
  if (!user) throw new ServiceError(401, 'Unauthorized', 'The demo user is missing from the universe.');
  return user;
}
