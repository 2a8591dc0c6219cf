/**
 * The user's accounts (clients with sub-clients, accounts) as the account picker lists it, and the
 * inbox scope (ClientKey / AccountKey) each choice stands for.
 */
import type { AccountsTree, InboxFilters } from '../../../../../contract/corporateActions';

/** One line of the account picker. */
export interface AccountEntry {
  /** `client:<ClientKey>` or `account:<AccountKey>`. */
  value: string;
  label: string;
  /** Nesting for indentation: a client's depth, its accounts one deeper. */
  depth: number;
  kind: 'client' | 'account';
}

/** Each client (top first, then depth first, as the accounts orders them) followed by its accounts. */
export function accountEntries(tree: AccountsTree): AccountEntry[] {
  const depthOf = new Map<string, number>();
  const entries: AccountEntry[] = [];
  for (const client of tree.clients) {
    const depth = client.ParentClientKey === undefined ? 0 : (depthOf.get(client.ParentClientKey) ?? 0) + 1;
    depthOf.set(client.ClientKey, depth);
    entries.push({
      value: `client:${client.ClientKey}`,
      label: `${client.Name} (client ${client.ClientId})`,
      depth,
      kind: 'client',
    });
    for (const account of tree.accounts.filter((candidate) => candidate.ClientKey === client.ClientKey)) {
      entries.push({
        value: `account:${account.AccountKey}`,
        label: `${account.DisplayName} · ${account.AccountId}`,
        depth: depth + 1,
        kind: 'account',
      });
    }
  }
  return entries;
}

/** The picker's value for the scope of `filters` ('' for all the accounts of the user's own client). */
export function pickerValue(filters: InboxFilters): string {
  if (filters.AccountKey) return `account:${filters.AccountKey}`;
  if (filters.ClientKey) return `client:${filters.ClientKey}`;
  return '';
}

/** `filters` with the scope the picker's `value` stands for (the other key removed). */
export function withPickedScope(filters: InboxFilters, value: string): InboxFilters {
  const { AccountKey: _account, ClientKey: _client, ...rest } = filters;
  if (value.startsWith('account:')) return { ...rest, AccountKey: value.slice('account:'.length) };
  if (value.startsWith('client:')) return { ...rest, ClientKey: value.slice('client:'.length) };
  return rest;
}
