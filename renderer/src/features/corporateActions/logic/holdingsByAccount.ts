/**
 * An event's holdings across all of the user's accounts, one line per account, grouped under each
 * client and its sub-clients (as the accounts orders them), with the account's name.
 */
import type { AccountsTree } from '../../../../../contract/corporateActions';
import type { Holding } from '../../../../../contract/wire/types';

/** One line of the holdings-by-account table: a client heading, or an account's holding. */
export type HoldingLine =
  | { kind: 'client'; depth: number; name: string; clientId: string }
  | { kind: 'account'; depth: number; accountName: string; accountId: string; holding: Holding };

/** The lines for `holdings` (read per client of `tree`); clients without a holding are left out. */
export function holdingLines(tree: AccountsTree, holdings: readonly Holding[]): HoldingLine[] {
  const depthOf = new Map<string, number>();
  const lines: HoldingLine[] = [];
  for (const client of tree.clients) {
    const depth = client.ParentClientKey === undefined ? 0 : (depthOf.get(client.ParentClientKey) ?? 0) + 1;
    depthOf.set(client.ClientKey, depth);
    const own = holdings.filter(
      (holding) => holding.ClientKey === client.ClientKey || holding.ClientId === client.ClientId,
    );
    if (own.length === 0) continue;
    lines.push({ kind: 'client', depth, name: client.Name, clientId: client.ClientId });
    for (const holding of own) {
      const account = tree.accounts.find(
        (candidate) =>
          candidate.AccountKey === holding.AccountKey || candidate.AccountId === holding.AccountId,
      );
      lines.push({
        kind: 'account',
        depth: depth + 1,
        accountName: account?.DisplayName ?? holding.AccountId ?? 'Unknown account',
        accountId: holding.AccountId ?? account?.AccountId ?? '',
        holding,
      });
    }
  }
  return lines;
}
