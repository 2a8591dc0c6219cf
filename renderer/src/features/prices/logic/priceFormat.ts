/**
 * Prices as traders read them: with the instrument's own decimals (the quote's
 * DisplayAndFormat, or the option root's format), thousands grouped, changes signed; greeks with
 * the precision each is read at (delta to three places, gamma to four, theta and vega to two,
 * volatilities as percent to one place). A missing figure is a dash, never a zero.
 */

const DASH = '—';
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(decimals: number, signed = false): Intl.NumberFormat {
  const places = Math.min(Math.max(Math.trunc(decimals), 0), 10);
  const key = `${places}|${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** A price with `decimals` places (two when the instrument's are unknown). */
export function formatPrice(value: number | undefined, decimals: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? DASH : formatOf(decimals ?? 2).format(value);
}

/** A change, signed (`+1.25`, `−0.50`), with the price's decimals. */
export function formatChange(value: number | undefined, decimals: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? DASH : formatOf(decimals ?? 2, true).format(value);
}

/** A percentage change, signed, two places. */
export function formatPercentChange(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? DASH : `${formatOf(2, true).format(value)}%`;
}

/** A whole quantity (volume, open interest, sizes). */
export function formatQuantity(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? DASH : formatOf(0).format(value);
}

export type GreekName = 'delta' | 'gamma' | 'theta' | 'vega' | 'impliedVolatility';

const GREEK_PLACES: Readonly<Record<GreekName, number>> = {
  delta: 3,
  gamma: 4,
  theta: 2,
  vega: 2,
  impliedVolatility: 1,
};

/** A greek at its usual precision; implied volatility (sent in percent) with a `%`. */
export function formatGreek(name: GreekName, value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return DASH;
  const text = formatOf(GREEK_PLACES[name]).format(value);
  return name === 'impliedVolatility' ? `${text}%` : text;
}
