/**
 * The user's accounts by name: the clients (with their sub-clients) and accounts the account picker
 * offers, read from the platform's identity reads (`/port/v1`, platform facts last section).
 * The hierarchy is walked one level at a time (`clients/?OwnerKey=`), breadth first, and capped,
 * so a misbehaving server can never keep it going.
 */
import type { AccountsTree, AccountsTreeClient } from '../../../contract/corporateActions';
import type { Feed, AccountDetails, ClientDetails } from '../../../contract/wire/types';
import type { EndpointTable } from './endpoints';
import { readWholeFeed } from './feed';

/** Most clients read from one user's accounts. */
export const MAX_TREE_CLIENTS = 500;
/** Most accounts read from one user's accounts. */
export const MAX_TREE_ACCOUNTS = 5_000;

export const accountEndpoints: EndpointTable<'corporateActions:accounts'> = {
  /** GET port/v1/clients/me, clients/?OwnerKey= (each level), accounts/?ClientKey=…&IncludeSubAccounts=true. */
  'corporateActions:accounts': async (http, _arg, options) => {
    const top = await http.getJson<ClientDetails>('port/v1/clients/me', {}, options);
    const clients: AccountsTreeClient[] = [
      { ClientKey: top.ClientKey, ClientId: top.ClientId, Name: top.Name },
    ];
    let truncated = false;
    // Breadth first over the owners; `seen` keeps a loop in a misbehaving answer from repeating.
    const seen = new Set([top.ClientKey]);
    for (let next = 0; next < clients.length; next++) {
      const owner = clients[next]!;
      const children = await http.getJson<Feed<ClientDetails>>(
        'port/v1/clients',
        { OwnerKey: owner.ClientKey },
        options,
      );
      for (const child of children.Data) {
        if (seen.has(child.ClientKey)) continue;
        if (clients.length >= MAX_TREE_CLIENTS) {
          truncated = true;
          break;
        }
        seen.add(child.ClientKey);
        clients.push({
          ClientKey: child.ClientKey,
          ClientId: child.ClientId,
          Name: child.Name,
          ParentClientKey: owner.ClientKey,
        });
      }
    }
    const accounts = await readWholeFeed<AccountDetails>(
      http,
      'port/v1/accounts',
      { ClientKey: top.ClientKey, IncludeSubAccounts: true },
      { ...options, maxItems: MAX_TREE_ACCOUNTS },
    );
    const tree: AccountsTree = { clients: depthFirst(clients), accounts: accounts.Data };
    return truncated || accounts.MaxRows !== undefined ? { ...tree, truncated: true } : tree;
  },
};

/** The clients ordered top first and each followed by its sub-clients, as a tree is read. */
function depthFirst(clients: AccountsTreeClient[]): AccountsTreeClient[] {
  const ordered: AccountsTreeClient[] = [];
  const visit = (parentKey: string | undefined) => {
    for (const client of clients) {
      if (client.ParentClientKey !== parentKey) continue;
      ordered.push(client);
      visit(client.ClientKey);
    }
  };
  visit(undefined);
  return ordered;
}
