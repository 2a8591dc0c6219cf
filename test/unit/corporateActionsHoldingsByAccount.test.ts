import { describe, expect, it } from 'vitest';
import type { AccountsTree } from '../../contract/corporateActions';
import type { AccountDetails } from '../../contract/wire/types';
import { holdingLines } from '../../renderer/src/features/corporateActions/logic/holdingsByAccount';

const book: AccountsTree = {
  clients: [
    { ClientKey: 'top', ClientId: '9300112', Name: 'Lindqvist Capital ApS' },
    { ClientKey: 'pension', ClientId: '9300187', Name: 'Lindqvist Pension Pool', ParentClientKey: 'top' },
    { ClientKey: 'growth', ClientId: '9300245', Name: 'Nordic Growth Partners K/S', ParentClientKey: 'top' },
    { ClientKey: 'erik', ClientId: '9300311', Name: 'Erik Lindqvist', ParentClientKey: 'growth' },
  ],
  accounts: [
    {
      AccountId: '9300112INET',
      AccountKey: 'k1',
      ClientKey: 'top',
      DisplayName: 'Lindqvist Capital ApS EUR',
    },
    { AccountId: '9300311EUR', AccountKey: 'k2', ClientKey: 'erik', DisplayName: 'Erik Lindqvist EUR' },
  ] as AccountDetails[],
};

describe('an event’s holdings by account across the book', () => {
  it('groups holdings under their client and sub-client, by account name, leaving out clients without one', () => {
    const lines = holdingLines(book, [
      { AccountId: '9300311EUR', ClientId: '9300311', Amount: 50 },
      { AccountId: '9300112INET', ClientKey: 'top', Amount: 1000 },
    ]);
    expect(
      lines.map((line) =>
        line.kind === 'client'
          ? [line.depth, line.name]
          : [line.depth, line.accountName, line.holding.Amount],
      ),
    ).toEqual([
      [0, 'Lindqvist Capital ApS'],
      [1, 'Lindqvist Capital ApS EUR', 1000],
      [2, 'Erik Lindqvist'],
      [3, 'Erik Lindqvist EUR', 50],
    ]);
  });
});
