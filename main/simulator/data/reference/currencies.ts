/**
 * The currencies list (`/ref/v1/currencies`): every currency the universe's instruments are
 * quoted or traded in, with its ISO 4217 name and minor-unit decimals from the currency-codes
 * data package (kept current with the standard) rather than a hand-typed table, and its
 * `Symbol` as the platform sends it (`€`, `$`, `¥`, `kr.`): the symbol Unicode CLDR gives it
 * where it is at home (English of the currency's own country, so the Danish krone is `kr.` and
 * the Swedish `kr`; the euro's is CLDR's root `€`), read through Intl (Node's full ICU), absent
 * where CLDR knows no symbol but the code (gold, the Swiss franc, the offshore yuan). The codes themselves are
 * recorded at generation (`currencies` table) as instruments are written.
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

/** CLDR's symbol of `currencyCode` in `locale`, shown the `display` way. */
function cldrSymbol(
  locale: string,
  currencyCode: string,
  display: 'symbol' | 'narrowSymbol',
): string | undefined {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    currencyDisplay: display,
  });
  return format.formatToParts(0).find((part) => part.type === 'currency')?.value;
}

/**
 * The symbol of a currency at home: CLDR's for English of the country whose code starts the
 * currency's (DK for DKK: `kr.`), or of English alone for a currency of no one country (EUR,
 * XAU); where CLDR has no English of that country, its narrow symbol (`₺`, `zł`). Undefined
 * where all CLDR knows is the code.
 */
function symbolOf(currencyCode: string): string | undefined {
  const home =
    currencyCode.startsWith('X') || currencyCode === 'EUR' ? 'en' : `en-${currencyCode.slice(0, 2)}`;
  for (const [locale, display] of [
    [home, 'symbol'],
    ['en', 'narrowSymbol'],
  ] as const) {
    const symbol = cldrSymbol(locale, currencyCode, display);
    if (symbol !== undefined && symbol !== currencyCode) return symbol;
  }
  return undefined;
}

/**
 * The details of a currency code, or undefined for a code that is no currency: the quote
 * units GBX (pence) and ZAc (cents) in which London and Johannesburg quote shares.
 */
export function currencyDetails(currencyCode: string): CurrencyDetails | undefined {
  const market = MARKET_CODES[currencyCode];
  if (market) return market;
  const iso = isoCurrency(currencyCode);
  if (!iso || iso.code !== currencyCode) return undefined;
  const symbol = symbolOf(iso.code);
  // Fields in alphabetical order, as the platform's serializer writes them.
  return {
    CurrencyCode: iso.code,
    ...(WITHOUT_MINOR_UNIT.has(iso.code) ? {} : { Decimals: iso.digits }),
    Name: iso.currency,
    ...(symbol !== undefined ? { Symbol: symbol } : {}),
  };
}

/** The currencies of these codes that are currencies, by code, each once. */
export function currenciesOf(codes: Iterable<string>): CurrencyDetails[] {
  const unique = [...new Set(codes)].sort();
  return unique.map(currencyDetails).filter((details) => details !== undefined);
}
