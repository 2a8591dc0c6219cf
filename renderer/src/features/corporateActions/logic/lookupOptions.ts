/**
 * What a filter list offers: the service's codes from its lookup data, plus any code already
 * chosen (by a saved view, say) that the service no longer lists, so it stays visible and can
 * be unchosen rather than filtering silently.
 */
import type { LookupValue } from '../../../../../contract/wire/types';

/** The service's `values` followed by each `chosen` code it does not list (named by its code). */
export function lookupOptions(values: readonly LookupValue[] | undefined, chosen: readonly string[]): LookupValue[] {
  const listed = values ?? [];
  const known = new Set(listed.map((value) => value.Code));
  return [...listed, ...chosen.filter((code) => !known.has(code)).map((code) => ({ Code: code, Name: code }))];
}
