/**
 * Route names and locations of the workspaces, kept apart from the router so that components
 * can link without importing the views.
 */

export const routeNames = {
  instruments: 'instruments',
  instrumentDetails: 'instrument-details',
  optionChains: 'option-chains',
  optionChain: 'option-chain',
  futures: 'futures',
  futuresLadder: 'futures-ladder',
  watchlists: 'watchlists',
  reference: 'reference',
  corporateActions: 'corporate-actions',
  apps: 'apps',
  settings: 'settings',
} as const;

export interface NamedLocation {
  name: string;
  params?: Record<string, string>;
}

/** A place a search result or a link leads to: an option chain, a futures ladder or details. */
export type RouteTarget =
  | { kind: 'optionChain'; optionRootId: number }
  | { kind: 'futuresLadder'; continuousUic: number }
  | { kind: 'details'; uic: number; assetType: string };

/** Where a search result or a link in the details leads. */
export function locationOf(target: RouteTarget): NamedLocation {
  switch (target.kind) {
    case 'optionChain':
      return { name: routeNames.optionChain, params: { optionRootId: String(target.optionRootId) } };
    case 'futuresLadder':
      return { name: routeNames.futuresLadder, params: { uic: String(target.continuousUic) } };
    case 'details':
      return { name: routeNames.instrumentDetails, params: { assetType: target.assetType, uic: String(target.uic) } };
  }
}
