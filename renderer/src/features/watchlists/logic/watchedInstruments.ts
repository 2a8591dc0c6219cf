/**
 * What a watchlist can hold and how the workspaces hand it over: instruments (a uic and an asset
 * type, which is also what a quote will be asked for), never option roots, which are families of
 * contracts with no price of their own.
 */
import type { SummaryInfo } from '../../../../../contract/wire/types';
import { knownAssetType, type KnownAssetType } from '../../instruments/logic/assetTypes';

/** An instrument as the workspaces hand it to a watchlist. */
export interface InstrumentToWatch {
  uic: number;
  assetType: KnownAssetType;
  symbol: string;
  description: string;
}

/** True when two keys name the same instrument. */
export function sameInstrument(a: { uic: number; assetType: string }, b: { uic: number; assetType: string }): boolean {
  return a.uic === b.uic && a.assetType === b.assetType;
}

/** A search result as an instrument to watch, or why it cannot be watched. */
export function watchableOfSummary(summary: SummaryInfo): InstrumentToWatch | { refusal: string } {
  if (summary.SummaryType === 'ContractOptionRoot') {
    return {
      refusal: `${summary.Symbol} is an option root, not an instrument: open its chain and add the contracts to watch.`,
    };
  }
  const assetType = knownAssetType(summary.AssetType);
  if (!assetType) return { refusal: `RefDesk does not know the asset type ${summary.AssetType} of ${summary.Symbol}.` };
  return { uic: summary.Identifier, assetType, symbol: summary.Symbol, description: summary.Description };
}
