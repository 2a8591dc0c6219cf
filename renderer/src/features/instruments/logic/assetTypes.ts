/**
 * Asset types the service accepts in requests. Responses may carry values not seen yet, so a
 * value read from a response or a route is checked before it goes back into a request.
 */
import { assetTypes } from '../../../../../contract/wire/enums';

export type KnownAssetType = (typeof assetTypes)[number];

const known = new Set<string>(assetTypes);

/** The value as a known asset type, or undefined. */
export function knownAssetType(value: string | undefined): KnownAssetType | undefined {
  return value !== undefined && known.has(value) ? (value as KnownAssetType) : undefined;
}

/** Asset types of option roots, searched by the Option chains workspace. */
export const optionRootAssetTypes: KnownAssetType[] = ['StockOption', 'StockIndexOption', 'FuturesOption'];

/** Asset types of futures, searched by the Futures workspace for continuous futures. */
export const futuresAssetTypes: KnownAssetType[] = ['ContractFutures'];

/** Asset types offered by the search filter, the common ones first. */
const commonAssetTypes: KnownAssetType[] = [
  'Stock', 'Etf', 'StockIndex', 'ContractFutures', 'StockOption', 'StockIndexOption', 'FuturesOption', 'FxSpot',
  'FxForwards', 'FxVanillaOption', 'Bond', 'MutualFund', 'CfdOnStock', 'CfdOnIndex', 'CfdOnFutures',
];
export const searchableAssetTypes: KnownAssetType[] = [
  ...commonAssetTypes,
  ...assetTypes.filter((type) => !commonAssetTypes.includes(type)),
];
