/**
 * FX facts of universe-facts §3: currencies, the spot pairs by class, pips and shown
 * decimals, spot value-date lags, and the platform's fixed uics of the best-known pairs.
 */

export const CURRENCY_NAMES: Record<string, string> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  JPY: 'Japanese Yen',
  GBP: 'British Pound',
  CHF: 'Swiss Franc',
  AUD: 'Australian Dollar',
  NZD: 'New Zealand Dollar',
  CAD: 'Canadian Dollar',
  CNH: 'Chinese Yuan Renminbi (offshore)',
  HKD: 'Hong Kong Dollar',
  SGD: 'Singapore Dollar',
  SEK: 'Swedish Krona',
  NOK: 'Norwegian Krone',
  DKK: 'Danish Krone',
  PLN: 'Polish Zloty',
  HUF: 'Hungarian Forint',
  CZK: 'Czech Koruna',
  TRY: 'Turkish Lira',
  ZAR: 'South African Rand',
  MXN: 'Mexican Peso',
  THB: 'Thai Baht',
  ILS: 'Israeli Shekel',
  XAU: 'Gold',
  XAG: 'Silver',
  RON: 'Romanian Leu',
  BRL: 'Brazilian Real',
  INR: 'Indian Rupee',
  KRW: 'South Korean Won',
};

export type FxClass = 'Major' | 'Cross' | 'Minor' | 'Exotic' | 'Metal';

export const FX_PAIRS: Record<FxClass, readonly string[]> = {
  Major: ['EURUSD', 'USDJPY', 'GBPUSD', 'USDCHF', 'AUDUSD', 'USDCAD', 'NZDUSD'],
  Cross: [
    'EURGBP',
    'EURJPY',
    'EURCHF',
    'GBPJPY',
    'EURAUD',
    'AUDJPY',
    'GBPCHF',
    'CHFJPY',
    'CADJPY',
    'AUDNZD',
    'EURCAD',
    'GBPAUD',
    'AUDCAD',
    'NZDJPY',
    'EURNZD',
    'GBPCAD',
    'AUDCHF',
    'CADCHF',
  ],
  Minor: ['EURSEK', 'EURNOK', 'EURDKK', 'USDSEK', 'USDNOK', 'USDDKK', 'NOKSEK', 'EURPLN', 'EURHUF', 'EURCZK'],
  Exotic: [
    'USDTRY',
    'USDZAR',
    'USDMXN',
    'USDCNH',
    'USDHKD',
    'USDSGD',
    'USDPLN',
    'USDHUF',
    'USDCZK',
    'USDTHB',
    'USDILS',
    'EURTRY',
    'ZARJPY',
    'SGDJPY',
    'MXNJPY',
  ],
  Metal: ['XAUUSD', 'XAGUSD', 'XAUEUR'],
};

/** Uics the platform's public samples show for these pairs; the others get free numbers below 1000. */
export const FIXED_FX_UICS: Record<string, number> = {
  AUDCAD: 1,
  AUDJPY: 2,
  AUDUSD: 4,
  EURAUD: 12,
  EURCAD: 13,
  EURCHF: 14,
  EURDKK: 16,
  EURGBP: 17,
  EURJPY: 18,
  EURNOK: 19,
  EURSEK: 20,
  EURUSD: 21,
  GBPAUD: 22,
  GBPCAD: 23,
  GBPCHF: 24,
  GBPJPY: 26,
  GBPUSD: 31,
  NZDUSD: 37,
  USDCAD: 38,
  USDCHF: 39,
  USDDKK: 40,
  USDJPY: 42,
  USDNOK: 43,
  USDSEK: 44,
};

/** Pip size and shown decimals (pip + fractional pip). */
export function pipsOf(pair: string): { pip: number; shownDecimals: number } {
  if (pair === 'XAUUSD' || pair === 'XAUEUR') return { pip: 0.01, shownDecimals: 2 };
  if (pair === 'XAGUSD') return { pip: 0.001, shownDecimals: 3 };
  if (pair.endsWith('JPY') || pair.endsWith('HUF') || pair === 'USDTHB')
    return { pip: 0.01, shownDecimals: 3 };
  if (pair.endsWith('CZK')) return { pip: 0.001, shownDecimals: 4 };
  return { pip: 0.0001, shownDecimals: 5 };
}

/** Spot lag in business days: T+1 for USDCAD, USDTRY, USDRUB, USDPHP; T+2 otherwise. */
export function spotLagOf(pair: string): number {
  return ['USDCAD', 'USDTRY', 'USDRUB', 'USDPHP'].includes(pair) ? 1 : 2;
}
