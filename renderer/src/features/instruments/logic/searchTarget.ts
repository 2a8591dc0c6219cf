/**
 * Where a search result leads, by the platform's navigation rule: option roots open in an
 * option chain, continuous futures in a futures ladder, everything else in its details.
 */
import type { AssetType, SummaryInfo } from '../../../../../contract/wire/types';

export type SearchTarget =
  | { kind: 'optionChain'; optionRootId: number }
  | { kind: 'futuresLadder'; continuousUic: number }
  | { kind: 'details'; uic: number; assetType: AssetType };

const FUTURES_ASSET_TYPES = new Set<AssetType>(['ContractFutures', 'Futures']);

/** The target of one search result. */
export function searchTarget(summary: SummaryInfo): SearchTarget {
  if (summary.SummaryType === 'ContractOptionRoot')
    return { kind: 'optionChain', optionRootId: summary.Identifier };
  if (FUTURES_ASSET_TYPES.has(summary.AssetType) && summary.DisplayHint === 'Continuous') {
    return { kind: 'futuresLadder', continuousUic: summary.Identifier };
  }
  return { kind: 'details', uic: summary.Identifier, assetType: summary.AssetType };
}

/** What opening the result does, in words for its row. */
export function searchTargetLabel(target: SearchTarget): string {
  if (target.kind === 'optionChain') return 'Option chain';
  if (target.kind === 'futuresLadder') return 'Futures ladder';
  return 'Details';
}

/** A stable key for a result row (an option root id may equal some instrument's uic). */
export function summaryKey(summary: SummaryInfo): string {
  return `${summary.SummaryType}:${summary.AssetType}:${summary.Identifier}`;
}
