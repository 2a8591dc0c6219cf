/**
 * Who is calling: the one place where a request is turned into the simulator user it acts as —
 * the user whose UserKey is the `uid` of the bearer token that the API scope's onRequest hook
 * verified (auth/bearer.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { SimulatorContext } from '../context';
import { findUserByKey } from '../data/accounts/users';
import type { SimUser } from '../data/accounts/userTypes';
import { ServiceError } from './errors';

export type { SimUser } from '../data/accounts/userTypes';

/**
 * The user the request acts as. Only reachable without a verified token from a route outside
 * the API scope, which is a wiring mistake answered as 401 rather than served as anyone.
 */
export function requestUser(request: FastifyRequest, context: SimulatorContext): SimUser {
  const claims = context.auth.claimsOf(request);
  if (claims === undefined)
    throw new ServiceError(401, 'Unauthorized', 'The request carries no verified access token.');
  const user = findUserByKey(context.universe.db, claims.uid);
  if (!user) throw new ServiceError(401, 'Unauthorized', 'The user of the access token is not known.');
  return user;
}
