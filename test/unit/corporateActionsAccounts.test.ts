import { describe, expect, it } from 'vitest';
import type { AccountsTree } from '../../contract/corporateActions';
import type { AccountDetails } from '../../contract/wire/types';
import {
  accountEntries,
  pickerValue,
  withPickedScope,
} from '../../renderer/src/features/corporateActions/logic/accounts';

const account = (AccountId: string, ClientKey: string, DisplayName: string) =>
  ({ AccountId, AccountKey: `K-${AccountId}`, ClientKey, DisplayName }) as AccountDetails;

const book: AccountsTree = {
  clients: [
    { ClientKey: 'top', ClientId: '9300112', Name: 'Lindqvist Capital ApS' },
    { ClientKey: 'growth', ClientId: '9300245', Name: 'Nordic Growth Partners K/S', ParentClientKey: 'top' },
    { ClientKey: 'erik', ClientId: '9300311', Name: 'Erik Lindqvist', ParentClientKey: 'growth' },
  ],
  accounts: [
    account('9300112INET', 'top', 'Lindqvist Capital ApS EUR'),
    account('9300311EUR', 'erik', 'Erik Lindqvist EUR'),
  ],
};

describe('the account picker', () => {
  it('lists each client indented by depth, followed by its accounts by name', () => {
    expect(accountEntries(book).map((entry) => [entry.depth, entry.label, entry.value])).toEqual([
      [0, 'Lindqvist Capital ApS (client 9300112)', 'client:top'],
      [1, 'Lindqvist Capital ApS EUR · 9300112INET', 'account:K-9300112INET'],
      [1, 'Nordic Growth Partners K/S (client 9300245)', 'client:growth'],
      [2, 'Erik Lindqvist (client 9300311)', 'client:erik'],
      [3, 'Erik Lindqvist EUR · 9300311EUR', 'account:K-9300311EUR'],
    ]);
  });

  it('turns a choice into exactly one of ClientKey or AccountKey, keeping the other filters', () => {
    const filters = { Keywords: 'x', ClientKey: 'top' };
    expect(withPickedScope(filters, 'account:K-9300311EUR')).toEqual({
      Keywords: 'x',
      AccountKey: 'K-9300311EUR',
    });
    expect(withPickedScope({ AccountKey: 'a' }, 'client:growth')).toEqual({ ClientKey: 'growth' });
    expect(withPickedScope(filters, '')).toEqual({ Keywords: 'x' });
    expect(pickerValue({ AccountKey: 'K-1', ClientKey: 'top' })).toBe('account:K-1');
    expect(pickerValue({})).toBe('');
  });
});
