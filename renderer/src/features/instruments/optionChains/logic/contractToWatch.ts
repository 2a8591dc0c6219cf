/**
 * An option contract as a watchlist keeps it: its own symbol where one was read, else its root's
 * symbol with its expiry, strike and side; described by its root's description the same way.
 */
import type { ContractOptionSpace, SpecificOption } from '../../../../../../contract/wire/types';
import type { InstrumentToWatch } from '../../../watchlists/logic/watchedInstruments';
import { knownAssetType } from '../../logic/assetTypes';
import type { ChainExpiryFacts } from './chainCells';

/** The contract to watch, or undefined where the root's asset type is not one the desk knows. */
export function contractToWatch(
  root: ContractOptionSpace | undefined,
  option: SpecificOption,
  facts: ChainExpiryFacts,
): InstrumentToWatch | undefined {
  const assetType = knownAssetType(root?.AssetType);
  if (!assetType) return undefined;
  const side = option.PutCall === 'Put' ? 'Put' : 'Call';
  const named = `${facts.expiry} ${option.StrikePrice} ${side}`;
  return {
    uic: option.Uic,
    assetType,
    symbol: facts.symbols?.get(option.Uic) ?? `${facts.rootSymbol} ${named}`,
    description: `${root?.Description ?? facts.rootSymbol} ${named}`,
  };
}
