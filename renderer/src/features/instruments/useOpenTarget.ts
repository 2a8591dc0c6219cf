/**
 * Opening a search result or a link where it belongs: the workspace's store starts reading the
 * target at once (the option root's first expiry, the futures space, the details), then the
 * route changes, so the data is on its way while the views swap.
 */
import { useRouter } from 'vue-router';
import type { SummaryInfo } from '../../../../contract/wire/types';
import { knownAssetType } from './logic/assetTypes';
import { locationOf } from '../../shared/routes';
import { searchTarget, type SearchTarget } from './logic/searchTarget';
import { useOptionChainsStore } from './optionChains/useOptionChainsStore';
import { useFuturesStore } from './futures/useFuturesStore';
import { useInstrumentsStore } from './useInstrumentsStore';

/** A function that opens a search result (or a target) in its workspace. */
export function useOpenTarget(): (result: SummaryInfo | SearchTarget) => void {
  const router = useRouter();
  const chains = useOptionChainsStore();
  const futures = useFuturesStore();
  const instruments = useInstrumentsStore();

  return (result) => {
    const target = 'kind' in result ? result : searchTarget(result);
    if (target.kind === 'optionChain') void chains.openRoot(target.optionRootId);
    else if (target.kind === 'futuresLadder') void futures.loadLadder(target.continuousUic);
    else {
      const assetType = knownAssetType(target.assetType);
      if (assetType) void instruments.open({ uic: target.uic, assetType });
    }
    void router.push(locationOf(target));
  };
}
