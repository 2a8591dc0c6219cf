/**
 * The real exchanges of the simulated universe (universe-facts §1) plus the platform's FX
 * inter-bank venue `SBFX`. Identity only: when each one trades (sessions, holidays, early
 * closes) lives in `main/simulator/calendar`, keyed by the same ExchangeId.
 *
 * ExchangeId is the ISO 10383 MIC, as on the platform (`SAP:xetr`), except `SBFX`.
 * `ZoneName` is the exchange's own IANA zone (used for its local times and DST);
 * `TimeZoneId` is the platform's time zone id reported for it, which may name an equivalent
 * zone (Toronto reports 3, US Eastern; Tokyo reports 10, GMT +9).
 */

export interface ExchangeInfo {
  /** Platform id of the exchange: the MIC, or `SBFX` for FX. */
  ExchangeId: string;
  /** ISO 10383 market identifier code (absent for the inter-bank FX venue). */
  Mic?: string;
  Name: string;
  /** ISO 3166-1 alpha-2 code of the exchange's country. */
  CountryCode: string;
  /** IANA zone of the exchange's local times. */
  ZoneName: string;
  /** Platform time zone id (see timezones.ts). */
  TimeZoneId: number;
  /** ISO 4217 currency of most instruments listed there. */
  CurrencyCode: string;
  /** Name of the price feed shown next to quotes, where the platform shows one. */
  PriceSourceName?: string;
  /**
   * The exchange triggers stop orders on a traded price: its instruments offer StopIfTraded
   * (and TrailingStopIfTraded) rather than the quote-triggered Stop.
   */
  StopsTriggeredByTrades: boolean;
}

type Row = [
  id: string,
  name: string,
  country: string,
  zone: string,
  tzId: number,
  currency: string,
  priceSource?: string,
];

// [ExchangeId (= MIC), Name, CountryCode, IANA zone, platform tz id, currency, PriceSourceName]
const ROWS: Row[] = [
  ['XNYS', 'New York Stock Exchange', 'US', 'America/New_York', 3, 'USD', 'NYSE'],
  ['XNAS', 'Nasdaq', 'US', 'America/New_York', 3, 'USD', 'NASDAQ'],
  ['ARCX', 'NYSE Arca', 'US', 'America/New_York', 3, 'USD', 'NYSE Arca'],
  ['XCBO', 'Cboe Options Exchange', 'US', 'America/New_York', 3, 'USD', 'CBOE'],
  ['XTSE', 'Toronto Stock Exchange', 'CA', 'America/Toronto', 3, 'CAD', 'TSX'],
  ['BVMF', 'B3', 'BR', 'America/Sao_Paulo', 20, 'BRL', 'B3'],
  ['XLON', 'London Stock Exchange', 'GB', 'Europe/London', 1, 'GBP', 'LSE'],
  ['XETR', 'Xetra (Deutsche Börse)', 'DE', 'Europe/Berlin', 4, 'EUR', 'Xetra'],
  ['XPAR', 'Euronext Paris', 'FR', 'Europe/Paris', 4, 'EUR', 'Euronext Paris'],
  ['XAMS', 'Euronext Amsterdam', 'NL', 'Europe/Amsterdam', 4, 'EUR', 'Euronext Amsterdam'],
  ['XBRU', 'Euronext Brussels', 'BE', 'Europe/Brussels', 4, 'EUR', 'Euronext Brussels'],
  ['XLIS', 'Euronext Lisbon', 'PT', 'Europe/Lisbon', 1, 'EUR', 'Euronext Lisbon'],
  ['XMIL', 'Euronext Milan (Borsa Italiana)', 'IT', 'Europe/Rome', 4, 'EUR', 'Borsa Italiana'],
  ['XMAD', 'Bolsa de Madrid', 'ES', 'Europe/Madrid', 4, 'EUR', 'BME'],
  ['XSWX', 'SIX Swiss Exchange', 'CH', 'Europe/Zurich', 4, 'CHF', 'SIX Swiss Exchange'],
  ['XWBO', 'Wiener Börse', 'AT', 'Europe/Vienna', 4, 'EUR', 'Wiener Börse'],
  ['XCSE', 'Nasdaq Copenhagen', 'DK', 'Europe/Copenhagen', 4, 'DKK', 'Nasdaq Copenhagen'],
  ['XSTO', 'Nasdaq Stockholm', 'SE', 'Europe/Stockholm', 4, 'SEK', 'Nasdaq Stockholm'],
  ['XHEL', 'Nasdaq Helsinki', 'FI', 'Europe/Helsinki', 14, 'EUR', 'Nasdaq Helsinki'],
  ['XOSL', 'Euronext Oslo Børs', 'NO', 'Europe/Oslo', 4, 'NOK', 'Oslo Børs'],
  ['XIST', 'Borsa Istanbul', 'TR', 'Europe/Istanbul', 18, 'TRY', 'Borsa Istanbul'],
  ['XJSE', 'Johannesburg Stock Exchange', 'ZA', 'Africa/Johannesburg', 16, 'ZAR', 'JSE'],
  ['XSAU', 'Saudi Exchange (Tadawul)', 'SA', 'Asia/Riyadh', 18, 'SAR', 'Tadawul'],
  ['XTKS', 'Tokyo Stock Exchange', 'JP', 'Asia/Tokyo', 10, 'JPY', 'TSE'],
  ['XOSE', 'Osaka Exchange', 'JP', 'Asia/Tokyo', 10, 'JPY', 'OSE'],
  ['XHKG', 'Hong Kong Exchanges and Clearing', 'HK', 'Asia/Hong_Kong', 7, 'HKD', 'HKEX'],
  ['XHKF', 'Hong Kong Futures Exchange', 'HK', 'Asia/Hong_Kong', 7, 'HKD', 'HKFE'],
  ['XSES', 'Singapore Exchange', 'SG', 'Asia/Singapore', 2, 'SGD', 'SGX'],
  ['XKRX', 'Korea Exchange', 'KR', 'Asia/Seoul', 10, 'KRW', 'KRX'],
  ['XTAI', 'Taiwan Stock Exchange', 'TW', 'Asia/Taipei', 13, 'TWD', 'TWSE'],
  ['XNSE', 'National Stock Exchange of India', 'IN', 'Asia/Kolkata', 256, 'INR', 'NSE'],
  ['XASX', 'ASX', 'AU', 'Australia/Sydney', 8, 'AUD', 'ASX'],
  ['XSFE', 'ASX 24', 'AU', 'Australia/Sydney', 8, 'AUD', 'ASX 24'],
  ['XCME', 'Chicago Mercantile Exchange', 'US', 'America/Chicago', 5, 'USD', 'CME'],
  ['XCBT', 'Chicago Board of Trade', 'US', 'America/Chicago', 5, 'USD', 'CBOT'],
  ['XNYM', 'New York Mercantile Exchange', 'US', 'America/Chicago', 5, 'USD', 'NYMEX'],
  ['XCEC', 'Commodity Exchange (COMEX)', 'US', 'America/Chicago', 5, 'USD', 'COMEX'],
  ['XCBF', 'Cboe Futures Exchange', 'US', 'America/Chicago', 5, 'USD', 'CFE'],
  ['XEUR', 'Eurex', 'DE', 'Europe/Berlin', 4, 'EUR', 'Eurex'],
  ['IFEU', 'ICE Futures Europe (Commodities)', 'GB', 'Europe/London', 1, 'USD', 'ICE Futures Europe'],
  ['IFLL', 'ICE Futures Europe (Financials)', 'GB', 'Europe/London', 1, 'GBP', 'ICE Futures Europe'],
  ['IFUS', 'ICE Futures U.S.', 'US', 'America/New_York', 3, 'USD', 'ICE Futures U.S.'],
  ['NDEX', 'ICE Endex', 'NL', 'Europe/Amsterdam', 4, 'EUR', 'ICE Endex'],
];

/**
 * Exchanges whose own trading system holds stop orders and triggers them on a trade at or
 * through the stop price (not on a bid or offer): CME Globex (CME, CBOT, NYMEX, COMEX) and
 * Cboe Futures (stop-limit orders elected by a trade); Eurex, Xetra and the Wiener Börse on
 * Deutsche Börse's T7 (stop orders triggered by the last traded price); ICE Futures Europe,
 * ICE Futures U.S. and ICE Endex (stop-limit orders triggered by a trade); Euronext's Optiq
 * markets (Paris, Amsterdam, Brussels, Lisbon, and Oslo and Milan since their migrations in
 * 2024: stop-market and stop-limit orders triggered by a trade); the London Stock Exchange
 * (stop and stop-limit orders elected by the last automatic trade price); NSE India (stop-loss
 * orders triggered by the last traded price); B3 (stop orders triggered by a trade). Elsewhere
 * (US equity exchanges dropped stop orders, Nasdaq Nordic, Tokyo, Hong Kong...) a stop is
 * held by the platform and triggered on its quote.
 */
// prettier-ignore
const STOPS_TRIGGERED_BY_TRADES = new Set([
  'XCME', 'XCBT', 'XNYM', 'XCEC', 'XCBF',
  'XEUR', 'XETR', 'XWBO',
  'IFEU', 'IFLL', 'IFUS', 'NDEX',
  'XPAR', 'XAMS', 'XBRU', 'XLIS', 'XOSL', 'XMIL',
  'XLON', 'XNSE', 'BVMF',
]);

/** The FX inter-bank venue: no MIC, quotes in GMT (platform zone 0). */
const INTER_BANK_FX: ExchangeInfo = {
  ExchangeId: 'SBFX',
  Name: 'Inter Bank',
  CountryCode: 'DK',
  ZoneName: 'Etc/UTC',
  TimeZoneId: 0,
  CurrencyCode: 'USD',
  StopsTriggeredByTrades: false,
};

/** Every exchange of the universe, in a stable order (listed exchanges first, SBFX last). */
export const EXCHANGES: readonly ExchangeInfo[] = Object.freeze([
  ...ROWS.map(([id, name, country, zone, tzId, currency, priceSource]) => ({
    ExchangeId: id,
    Mic: id,
    Name: name,
    CountryCode: country,
    ZoneName: zone,
    TimeZoneId: tzId,
    CurrencyCode: currency,
    ...(priceSource ? { PriceSourceName: priceSource } : {}),
    StopsTriggeredByTrades: STOPS_TRIGGERED_BY_TRADES.has(id),
  })),
  INTER_BANK_FX,
]);

const BY_ID = new Map(EXCHANGES.map((exchange) => [exchange.ExchangeId.toUpperCase(), exchange]));

/** The exchange with this id (case-insensitive, `xetr` as in symbols works), or undefined. */
export function findExchange(exchangeId: string): ExchangeInfo | undefined {
  return BY_ID.get(exchangeId.toUpperCase());
}

/** The exchange with this id; throws for an id the universe does not have (a generator bug). */
export function exchangeById(exchangeId: string): ExchangeInfo {
  const exchange = findExchange(exchangeId);
  if (!exchange) throw new Error(`Unknown exchange id "${exchangeId}"`);
  return exchange;
}
