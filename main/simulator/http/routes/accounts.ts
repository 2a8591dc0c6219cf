/**
 * The identity reads of the Portfolio service group (`/port/v1`) that every platform client makes
 * right after sign-in: who the user is, the clients of their accounts and its accounts (platform
 * facts, last section). Keys are opaque; a key of another user's accounts answers 404 like an unknown
 * one. Trailing slashes (the platform's own docs write `/port/v1/accounts/me/`) are the router's.
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from '../../context';
import {
  accountDetails,
  accountDetailsList,
  clientDetails,
  subClientDetails,
  userDetails,
} from '../../data/accounts/accountsRead';
import { badParameter, notFound } from '../errors';
import { wholeFeed } from '../feed';
import { QueryReader } from '../query';
import { requestUser } from '../requestUser';

/** Registers the `/port/v1` users, clients and accounts reads on the API scope. */
export function registerAccountsRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const db = context.universe.db;

  app.get('/port/v1/users/me', async (request) => {
    const user = requestUser(request, context);
    const sessionId = context.auth.claimsOf(request)?.sid;
    const startedAt = sessionId === undefined ? undefined : context.auth.sessions.get(sessionId)?.startedAt;
    return userDetails(user, startedAt === undefined ? undefined : new Date(startedAt));
  });

  app.get('/port/v1/clients/me', async (request) => {
    const client = clientDetails(db, requestUser(request, context));
    if (!client) throw notFound('The signed-in user has no client.');
    return client;
  });

  app.get('/port/v1/clients', async (request) => {
    const user = requestUser(request, context);
    const ownerKey = new QueryReader(request.query).string('OwnerKey');
    if (ownerKey === undefined)
      throw badParameter('OwnerKey', 'OwnerKey is required: the ClientKey whose sub-clients to list.');
    const clients = subClientDetails(db, user, ownerKey);
    if (!clients) throw notFound('No client with this OwnerKey.');
    return wholeFeed(clients);
  });

  app.get<{ Params: { ClientKey: string } }>('/port/v1/clients/:ClientKey', async (request) => {
    const client = clientDetails(db, requestUser(request, context), request.params.ClientKey);
    if (!client) throw notFound('No client with this ClientKey.');
    return client;
  });

  app.get('/port/v1/accounts/me', async (request) => {
    return wholeFeed(accountDetailsList(db, requestUser(request, context)) ?? []);
  });

  // Without ClientKey: the caller's own client, as accounts/me.
  app.get('/port/v1/accounts', async (request) => {
    const user = requestUser(request, context);
    const query = new QueryReader(request.query);
    const clientKey = query.string('ClientKey');
    const accounts = accountDetailsList(db, user, clientKey, query.boolean('IncludeSubAccounts') ?? false);
    if (!accounts) throw notFound('No client with this ClientKey.');
    return wholeFeed(accounts);
  });

  app.get<{ Params: { AccountKey: string } }>('/port/v1/accounts/:AccountKey', async (request) => {
    const account = accountDetails(db, requestUser(request, context), request.params.AccountKey);
    if (!account) throw notFound('No account with this AccountKey.');
    return account;
  });
}
