/**
 * The option roots of one underlying (an index's standard and weekly roots, a future's options),
 * from the underlying's details: RelatedOptionRootsEnhanced, or the obsolete RelatedOptionRoots
 * list where only that is sent.
 */
import type { InstrumentDetails } from '../../../../../../contract/wire/types';

export interface RelatedRoot {
  optionRootId: number;
  /** The root's asset type, when the underlying names it. */
  assetType: string | undefined;
  /** `Standard`, `Weekly`…, when the underlying names it. */
  optionType: string | undefined;
}

/** The underlying's roots in its order, each once, with `current` always among them. */
export function relatedRootsOf(underlying: InstrumentDetails, current: number): RelatedRoot[] {
  const roots: RelatedRoot[] = [];
  const seen = new Set<number>();
  const add = (root: RelatedRoot) => {
    if (!Number.isInteger(root.optionRootId) || root.optionRootId <= 0 || seen.has(root.optionRootId)) return;
    seen.add(root.optionRootId);
    roots.push(root);
  };
  for (const root of underlying.RelatedOptionRootsEnhanced ?? []) {
    add({ optionRootId: root.OptionRootId, assetType: root.AssetType, optionType: root.OptionType });
  }
  for (const id of underlying.RelatedOptionRoots ?? [])
    add({ optionRootId: id, assetType: undefined, optionType: undefined });
  if (!seen.has(current))
    roots.unshift({ optionRootId: current, assetType: undefined, optionType: undefined });
  return roots;
}
