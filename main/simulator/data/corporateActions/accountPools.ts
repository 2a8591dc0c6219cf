/**
 * The accounts as the event generator sees it: every account with its client chain and owner, in
 * pools by owner, and the scope ids of every account, account group, client and client tree.
 */
import type Database from 'better-sqlite3';
import { ADMIN_USER, DEMO_USER, TRADER2_USER } from '../accounts/demo';
import type { AccountPools, HoldingAccount } from './holdings';
import type { ScopeKind } from './store';

interface AccountRow {
  account_id: string;
  client_id: string;
  account_group_id: string | null;
  owner_user_id: string;
  owner_name: string;
}

export interface AccountsIndex {
  pools: AccountPools;
  /** Scope id by `${kind}:${ref}`. */
  scopeIds: Map<string, number>;
}

/** The scope keys a holding of `account` counts in: its account, group, client and every client tree above it. */
export function scopeKeysOf(account: HoldingAccount): string[] {
  const keys = [
    `A:${account.accountId}`,
    `C:${account.clientId}`,
    ...account.clientChain.map((clientId) => `T:${clientId}`),
  ];
  if (account.groupId) keys.push(`G:${account.groupId}`);
  return keys;
}

/** Reads the identities and, when `createScopes`, creates the `scopes` rows (a roll finds them made). */
export function indexAccounts(db: Database.Database, createScopes: boolean): AccountsIndex {
  const parents = new Map(
    (
      db.prepare('SELECT client_id, parent_client_id FROM clients').all() as {
        client_id: string;
        parent_client_id: string | null;
      }[]
    ).map((r) => [r.client_id, r.parent_client_id]),
  );
  const chainOf = (clientId: string): string[] => {
    const chain: string[] = [];
    for (let current: string | null | undefined = clientId; current; current = parents.get(current))
      chain.push(current);
    return chain;
  };
  const rows = db
    .prepare(
      `SELECT a.account_id, a.client_id, a.account_group_id, c.owner_user_id, u.name AS owner_name
       FROM accounts a JOIN clients c ON c.client_id = a.client_id JOIN users u ON u.user_id = c.owner_user_id
       ORDER BY a.account_id`,
    )
    .all() as AccountRow[];
  const pools: AccountPools = { demo: [], trader2: [], admin: [], others: [] };
  const scopeIds = new Map<string, number>();
  const insertScope = db.prepare('INSERT INTO scopes (scope_id, kind, ref) VALUES (?, ?, ?)');
  const addScope = (kind: ScopeKind, ref: string) => {
    const key = `${kind}:${ref}`;
    if (scopeIds.has(key)) return;
    scopeIds.set(key, scopeIds.size + 1);
    if (createScopes) insertScope.run(scopeIds.size, kind, ref);
  };
  for (const row of rows) {
    const account: HoldingAccount = {
      accountId: row.account_id,
      clientId: row.client_id,
      clientChain: chainOf(row.client_id),
      groupId: row.account_group_id,
      ownerUserId: row.owner_user_id,
      ownerName: row.owner_name,
    };
    for (const key of scopeKeysOf(account)) addScope(key[0] as ScopeKind, key.slice(2));
    const pool =
      row.owner_user_id === DEMO_USER.userId
        ? pools.demo
        : row.owner_user_id === TRADER2_USER.userId
          ? pools.trader2
          : row.owner_user_id === ADMIN_USER.userId
            ? pools.admin
            : pools.others;
    pool.push(account);
  }
  return { pools, scopeIds };
}
