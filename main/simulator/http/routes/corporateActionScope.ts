/**
 * The scope of a corporate actions request: the account, account group or client (with or
 * without its sub-clients) named by AccountKey, AccountGroupKey or ClientKey, or the caller's
 * own client. Keys of another user's accounts are answered 404, like unknown keys.
 */
import type Database from 'better-sqlite3';
import type { EventShape } from '../../data/corporateActions/read';
import type { SimUser } from '../../data/accounts/userTypes';
import type { ScopeKind } from '../../data/corporateActions/store';
import {
  isWithinClient,
  ownedAccount,
  ownedAccountGroup,
  ownedClient,
  scopeIdOf,
} from '../../data/accounts/ownership';
import { badParameter, notFound } from '../errors';
import type { QueryReader } from '../query';

export interface EventScope {
  /** The scope row id, or undefined when the scope holds nothing at all. */
  scopeId: number | undefined;
  shape: EventShape;
}

function scope(db: Database.Database, kind: ScopeKind, ref: string, shape: EventShape): EventScope {
  return { scopeId: scopeIdOf(db, kind, ref), shape };
}

/** Resolves the scope of the query's keys for `user`; `includeSubAccounts` picks the shape. */
export function resolveEventScope(
  db: Database.Database,
  user: SimUser,
  query: QueryReader,
  includeSubAccounts: boolean,
): EventScope {
  const clientKey = query.string('ClientKey');
  const accountKey = query.string('AccountKey');
  const accountGroupKey = query.string('AccountGroupKey');
  const client = clientKey === undefined ? undefined : ownedClient(db, user, clientKey);
  if (clientKey !== undefined && !client) throw notFound('No client with this ClientKey.');
  const aggregated: EventShape = { kind: 'aggregated' };
  const within = (clientId: string) =>
    !client ||
    clientId === client.clientId ||
    (includeSubAccounts && isWithinClient(db, clientId, client.clientId));

  if (accountKey !== undefined) {
    const account = ownedAccount(db, user, accountKey);
    if (!account) throw notFound('No account with this AccountKey.');
    if (!within(account.clientId))
      throw badParameter('AccountKey', 'The account does not belong to the client of ClientKey.');
    return scope(
      db,
      'A',
      account.accountId,
      includeSubAccounts ? aggregated : { kind: 'holdings', selection: { accountId: account.accountId } },
    );
  }
  if (accountGroupKey !== undefined) {
    const group = ownedAccountGroup(db, user, accountGroupKey);
    if (!group) throw notFound('No account group with this AccountGroupKey.');
    if (!within(group.clientId))
      throw badParameter('AccountGroupKey', 'The account group does not belong to the client of ClientKey.');
    return scope(
      db,
      'G',
      group.accountGroupId,
      includeSubAccounts
        ? aggregated
        : { kind: 'holdings', selection: { accountGroupId: group.accountGroupId } },
    );
  }
  const clientId = client?.clientId ?? user.clientId;
  return includeSubAccounts
    ? scope(db, 'T', clientId, aggregated)
    : scope(db, 'C', clientId, { kind: 'holdings', selection: { clientId } });
}
