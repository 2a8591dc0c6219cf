/**
 * The reference price a trader types to centre the strike window, read the way people write
 * prices: `6500`, `6,500`, `6 500` and `6500.25` all read; a negative, zero or unreadable entry
 * is refused with a sentence saying what to type (the API carries no prices, so the typed price
 * is the only one there is).
 */

/** What a typed reference price reads as: a price, none (empty), or a refusal in words. */
export type ReferencePriceReading = { ok: true; price: number | null } | { ok: false; message: string };

/** Longest entry the field takes. */
export const REFERENCE_PRICE_MAX_LENGTH = 20;

/** Reads what the trader typed. Thousands separators (`,`, spaces, `'`, `_`) are ignored. */
export function readReferencePrice(text: string): ReferencePriceReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, price: null };
  if (trimmed.length > REFERENCE_PRICE_MAX_LENGTH) {
    return { ok: false, message: `A reference price has at most ${REFERENCE_PRICE_MAX_LENGTH} characters.` };
  }
  if (/^[-−]/.test(trimmed)) return { ok: false, message: 'The reference price cannot be negative.' };
  const digits = trimmed.replace(/[\s,'_]/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(digits)) {
    return { ok: false, message: 'Type the reference price as a number, e.g. 6,500 or 6500.25.' };
  }
  const price = Number(digits);
  if (!(price > 0) || !Number.isFinite(price)) {
    return { ok: false, message: 'The reference price must be greater than zero.' };
  }
  return { ok: true, price };
}

/** A price as the field shows it again (`6,500.25`). */
export function formatReferencePrice(price: number | null): string {
  if (price === null) return '';
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 }).format(price);
}
