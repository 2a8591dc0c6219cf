/**
 * The text filter of the reference lists: every word typed must appear in one of a row's shown
 * values, case and accents ignored (`sao tome` finds São Tomé, `curacao` Curaçao).
 */

/** Lower case without accents (NFD, combining marks removed). */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The rows whose shown values hold every word of `filter` (all rows for an empty filter). */
export function filterRows<Row>(rows: readonly Row[], filter: string, valuesOf: (row: Row) => readonly unknown[]): Row[] {
  const words = folded(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = folded(valuesOf(row).filter((value) => value !== undefined && value !== null).join(' '));
    return words.every((word) => text.includes(word));
  });
}

/** "12 of 249 countries" while a filter hides some, "249 countries" otherwise. */
export function countText(shown: number, total: number, one: string, many: string): string {
  const noun = total === 1 ? one : many;
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
