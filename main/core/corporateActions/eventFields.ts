/**
 * An event's terms as comparable fields: a flat map from a readable path ("Options 1 › Deadline")
 * to its value as text, so two versions of an event can be compared field by field. What is the
 * caller's own (holdings, affected accounts, election status) and the version stamp itself are
 * left out: they are not terms of the event. The narrative, long HTML, is kept as a digest.
 */
import { createHash } from 'node:crypto';
import type { TermChange } from '../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../contract/wire/types';

/** Fields of the caller's position, or the version stamp: not compared. */
const NOT_TERMS = new Set(['Holdings', 'AffectedAccounts', 'EligibleHoldings', 'ElectionStatus', 'UpdatedDateTime']);

/** A DateAndStatus-like `{Date}` is shown as its date alone. */
function leafText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function visit(value: unknown, path: string, out: Record<string, string>): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      // Options and the like are named by their id where they have one, so a reordering is no change.
      const id = (item as { OptionId?: unknown } | null)?.OptionId;
      visit(item, `${path} ${typeof id === 'string' ? id : index + 1}`, out);
    });
    return;
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      visit(child, path ? `${path} › ${key}` : key, out);
    }
    return;
  }
  out[path] = leafText(value);
}

/** The comparable fields of `event`. */
export function eventTerms(event: CorporateActionEvent): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(event)) {
    if (NOT_TERMS.has(key)) continue;
    if (key === 'Narrative' && typeof value === 'string') {
      out.Narrative = `text ${createHash('sha256').update(value).digest('hex').slice(0, 12)} (${value.length} characters)`;
      continue;
    }
    visit(value, key, out);
  }
  return out;
}


/** The fields that differ from `before` to `after`, in field order. */
export function changedTerms(before: Record<string, string>, after: Record<string, string>): TermChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((field) => before[field] !== after[field])
    .map((field) => ({
      field,
      ...(before[field] !== undefined ? { before: before[field] } : {}),
      ...(after[field] !== undefined ? { after: after[field] } : {}),
    }));
}
