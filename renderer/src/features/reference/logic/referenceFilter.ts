/**
 * The text filter of the reference lists: every word typed must appear in one of a row's shown
 * values, matched as the desk matches names (shared/textMatch.ts: `sao tome` finds São Tomé,
 * `curacao` Curaçao, `boerse` Börse).
 */
import { matchesEveryWord, typedWords } from '../../../shared/textMatch';

/** The rows whose values hold every word of `filter` (all rows for an empty filter). */
export function filterRows<Row>(rows: readonly Row[], filter: string, valuesOf: (row: Row) => readonly unknown[]): Row[] {
  if (typedWords(filter).length === 0) return [...rows];
  return rows.filter((row) => matchesEveryWord(valuesOf(row), filter));
}

/** "12 of 249 countries" while a filter hides some, "249 countries" otherwise. */
export function countText(shown: number, total: number, one: string, many: string): string {
  const noun = total === 1 ? one : many;
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
