/**
 * The search box each workspace keeps in its store (InstrumentSearch, refs unwrapped): the kept
 * place's search text goes there (landingRoute.ts, useWorkspacePlace.ts).
 */
import { useFuturesStore } from '../features/instruments/futures/useFuturesStore';
import { useOptionChainsStore } from '../features/instruments/optionChains/useOptionChainsStore';
import { useInstrumentsStore } from '../features/instruments/useInstrumentsStore';

/** A search box's state as the stores hold it. */
export interface SearchText {
  keywords: string;
}

/** The search of the workspace a route belongs to, if that workspace has one. */
export function searchOfRoute(route: string): SearchText | undefined {
  const workspace = route.split('/')[1];
  if (workspace === 'instruments') return useInstrumentsStore().search;
  if (workspace === 'chains') return useOptionChainsStore().rootSearch;
  if (workspace === 'futures') return useFuturesStore().continuousSearch;
  return undefined;
}
