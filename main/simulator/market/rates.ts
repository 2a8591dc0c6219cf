/**
 * Money-market facts the pricing needs: a short interest rate per currency (continuously
 * compounded, for discounting, carry and FX forward points) and the reference level of every
 * currency against the US dollar, around which FX rates move. Approximate late-2025 levels
 * (central bank policy rates and spot rates), seed data of a simulator rather than a market feed.
 */

/** Short rates per currency; a currency not listed gets DEFAULT_RATE. */
const RATES: Readonly<Record<string, number>> = {
  USD: 0.0425,
  EUR: 0.02,
  GBP: 0.04,
  JPY: 0.005,
  CHF: 0,
  AUD: 0.036,
  NZD: 0.025,
  CAD: 0.0225,
  CNH: 0.015,
  HKD: 0.04,
  SGD: 0.015,
  SEK: 0.0175,
  NOK: 0.04,
  DKK: 0.0175,
  PLN: 0.045,
  HUF: 0.065,
  CZK: 0.035,
  TRY: 0.39,
  ZAR: 0.07,
  MXN: 0.0725,
  THB: 0.015,
  ILS: 0.045,
  RON: 0.065,
  BRL: 0.15,
  INR: 0.055,
  KRW: 0.025,
  // Precious metals lend at a small lease rate.
  XAU: 0.005,
  XAG: 0.005,
};
const DEFAULT_RATE = 0.03;

/** Value of one unit of each currency in US dollars. */
const USD_VALUE: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.16,
  GBP: 1.32,
  JPY: 1 / 155,
  CHF: 1 / 0.8,
  AUD: 0.65,
  NZD: 0.57,
  CAD: 1 / 1.4,
  CNH: 1 / 7.1,
  HKD: 1 / 7.78,
  SGD: 1 / 1.3,
  SEK: 1 / 9.5,
  NOK: 1 / 10.1,
  DKK: 1 / 6.43,
  PLN: 1 / 3.67,
  HUF: 1 / 330,
  CZK: 1 / 20.9,
  TRY: 1 / 42,
  ZAR: 1 / 17.3,
  MXN: 1 / 18.4,
  THB: 1 / 32.4,
  ILS: 1 / 3.3,
  RON: 1 / 4.4,
  BRL: 1 / 5.35,
  INR: 1 / 88.5,
  KRW: 1 / 1450,
  XAU: 4000,
  XAG: 50,
};

/** Annual volatility of each currency against the dollar (the dollar itself does not move). */
const USD_VOLATILITY: Readonly<Record<string, number>> = {
  USD: 0,
  XAU: 0.17,
  XAG: 0.3,
  TRY: 0.15,
  ZAR: 0.15,
  MXN: 0.13,
  BRL: 0.15,
  HUF: 0.1,
  JPY: 0.1,
  NOK: 0.1,
  AUD: 0.1,
  NZD: 0.1,
  HKD: 0.01,
  CNH: 0.04,
};
const DEFAULT_CURRENCY_VOLATILITY = 0.075;

/** A currency's short rate. GBX and ZAc (minor units of quotes) take their currency's. */
export function shortRate(currency: string): number {
  const major = currency === 'GBX' ? 'GBP' : currency === 'ZAc' ? 'ZAR' : currency.toUpperCase();
  return RATES[major] ?? DEFAULT_RATE;
}

/** US dollars per unit of `currency` at its reference level, or undefined for an unknown currency. */
export function usdValueOf(currency: string): number | undefined {
  return USD_VALUE[currency];
}

/** The currency's annual volatility against the dollar. */
export function usdVolatilityOf(currency: string): number {
  return USD_VOLATILITY[currency] ?? DEFAULT_CURRENCY_VOLATILITY;
}
