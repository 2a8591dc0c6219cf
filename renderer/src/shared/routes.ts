/**
 * Route locations of the trader workspaces, kept apart from the router so that components can
 * link without importing the views.
 */
import type { DetailLinkTarget } from '../features/instruments/logic/detailSections';
import type { SearchTarget } from '../features/instruments/logic/searchTarget';

export const routeNames = {
  instruments: 'instruments',
  instrumentDetails: 'instrument-details',
  optionChains: 'option-chains',
  optionChain: 'option-chain',
  futures: 'futures',
  futuresLadder: 'futures-ladder',
  reference: 'reference',
} as const;

export interface NamedLocation {
  name: string;
  params?: Record<string, string>;
}

/** Where a search result or a link in the details leads. */
export function locationOf(target: SearchTarget | DetailLinkTarget): NamedLocation {
  switch (target.kind) {
    case 'optionChain':
      return { name: routeNames.optionChain, params: { optionRootId: String(target.optionRootId) } };
    case 'futuresLadder':
      return { name: routeNames.futuresLadder, params: { uic: String(target.continuousUic) } };
    case 'details':
      return { name: routeNames.instrumentDetails, params: { assetType: target.assetType, uic: String(target.uic) } };
  }
}
