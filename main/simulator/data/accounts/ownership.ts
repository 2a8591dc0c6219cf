/**
 * What a user may name in a query: its own clients (and their sub-clients), their accounts and
 * account groups. Keys of anyone else's accounts resolve to nothing, exactly like unknown keys.
 */
import type Database from 'better-sqlite3';
import type { SimUser } from './userTypes';
import type { ScopeKind } from '../corporateActions/store';
import { statement } from '../statements';

export interface OwnedClient {
  clientId: string;
  parentClientId: string | null;
}

export interface OwnedAccount {
  accountId: string;
  clientId: string;
  accountGroupId: string | null;
}

export interface OwnedAccountGroup {
  accountGroupId: string;
  clientId: string;
}

/** The user's client with this ClientKey, or undefined (unknown, or someone else's). */
export function ownedClient(
  db: Database.Database,
  user: SimUser,
  clientKey: string,
): OwnedClient | undefined {
  const row = statement(
    db,
    'SELECT client_id, parent_client_id FROM clients WHERE client_key = ? AND owner_user_id = ?',
  ).get(clientKey, user.userId) as { client_id: string; parent_client_id: string | null } | undefined;
  return row && { clientId: row.client_id, parentClientId: row.parent_client_id };
}

/** The user's account with this AccountKey, or undefined. */
export function ownedAccount(
  db: Database.Database,
  user: SimUser,
  accountKey: string,
): OwnedAccount | undefined {
  const row = statement(
    db,
    `SELECT a.account_id, a.client_id, a.account_group_id FROM accounts a JOIN clients c ON c.client_id = a.client_id
     WHERE a.account_key = ? AND c.owner_user_id = ?`,
  ).get(accountKey, user.userId) as
    { account_id: string; client_id: string; account_group_id: string | null } | undefined;
  return row && { accountId: row.account_id, clientId: row.client_id, accountGroupId: row.account_group_id };
}

/** The user's account group with this AccountGroupKey, or undefined. */
export function ownedAccountGroup(
  db: Database.Database,
  user: SimUser,
  accountGroupKey: string,
): OwnedAccountGroup | undefined {
  const row = statement(
    db,
    `SELECT g.account_group_id, g.client_id FROM account_groups g JOIN clients c ON c.client_id = g.client_id
     WHERE g.account_group_key = ? AND c.owner_user_id = ?`,
  ).get(accountGroupKey, user.userId) as { account_group_id: string; client_id: string } | undefined;
  return row && { accountGroupId: row.account_group_id, clientId: row.client_id };
}

/** True when `clientId` is `ancestorId` or one of its sub-clients (at any depth). */
export function isWithinClient(db: Database.Database, clientId: string, ancestorId: string): boolean {
  const parentOf = statement(db, 'SELECT parent_client_id FROM clients WHERE client_id = ?').pluck();
  for (let current: string | null = clientId; current; current = parentOf.get(current) as string | null) {
    if (current === ancestorId) return true;
  }
  return false;
}

/** The id of a scope (see events/store.ts), or undefined when it has no row. */
export function scopeIdOf(db: Database.Database, kind: ScopeKind, ref: string): number | undefined {
  return statement(db, 'SELECT scope_id FROM scopes WHERE kind = ? AND ref = ?').pluck().get(kind, ref) as
    number | undefined;
}
