/**
 * The currencies list (`/ref/v1/currencies`): every currency the universe's instruments are
 * quoted or traded in, with its ISO 4217 name and minor-unit decimals from the currency-codes
 * data package (kept current with the standard) rather than a hand-typed table. The codes
 * themselves are recorded at generation (`currencies` table) as instruments are written.
 */
import { code as isoCurrency } from 'currency-codes';
import type { CurrencyDetails } from '../../../../contract/wire/types';

export const CURRENCIES_SCHEMA = `
CREATE TABLE currencies (currency_code TEXT PRIMARY KEY) WITHOUT ROWID;
`;

/** Market codes the universe trades that ISO 4217 lacks (universe-facts §3). */
const MARKET_CODES: Readonly<Record<string, CurrencyDetails>> = {
  CNH: { CurrencyCode: 'CNH', Decimals: 2, Name: 'Yuan Renminbi (offshore)' },
};

/** Precious metals: ISO 4217 gives them no minor unit ("N.A."), which the data package writes as 0. */
const WITHOUT_MINOR_UNIT = new Set(['XAU', 'XAG', 'XPT', 'XPD']);

/**
 * The details of a currency code, or undefined for a code that is no currency: the quote
 * units GBX (pence) and ZAc (cents) in which London and Johannesburg quote shares.
 */
export function currencyDetails(currencyCode: string): CurrencyDetails | undefined {
  const market = MARKET_CODES[currencyCode];
  if (market) return market;
  const iso = isoCurrency(currencyCode);
  if (!iso || iso.code !== currencyCode) return undefined;
  return {
    CurrencyCode: iso.code,
    ...(WITHOUT_MINOR_UNIT.has(iso.code) ? {} : { Decimals: iso.digits }),
    Name: iso.currency,
  };
}

/** The currencies of these codes that are currencies, by code, each once. */
export function currenciesOf(codes: Iterable<string>): CurrencyDetails[] {
  const unique = [...new Set(codes)].sort();
  return unique.map(currencyDetails).filter((details) => details !== undefined);
}
