/**
 * The real exchanges of the simulated universe (universe-facts §1) plus the platform's FX
 * inter-bank venue `SBFX`. Identity only: when each one trades (sessions, holidays, early
 * closes) lives in `main/simulator/calendar`, keyed by the same `key`.
 *
 * Three names per exchange, as the platform has them (`/ref/v1/exchanges`):
 * - `ExchangeId`, the platform's own id, on every wire field of that name (instruments, search
 *   filters, details, schedules). Its ids are its own, not MICs: its public samples show `NYSE`,
 *   `NASDAQ`, `NYSE_ARCA`, `FSE` (Xetra, `SAPG:xetr`), `PAR`, `MIL`, `SIBE` (Madrid), `LSE_SETS`,
 *   `CSE` (Copenhagen), `SSE` (Stockholm), `EUREX`, `SGX-DT` and `EUR_AMS2` (Euronext's equity and
 *   index derivatives in Amsterdam, where its exchanges sample opens); the others here are given
 *   in the same style (the venue's short or historic name).
 * - `Mic`, the market identifier code the platform uses in symbols (`SAP:xetr`), which for a
 *   derivatives segment is its operating exchange's (options on `EUR_AMS2` are `ASML:xams`).
 * - `IsoMic`, the ISO 10383 MIC of the market segment.
 *
 * `key` is the universe's own name for an exchange: its ISO MIC (SBFX for the inter-bank venue,
 * which has none), unique where the platform's `Mic` is not. universe-facts and the generator's
 * facts name exchanges by it, and the instruments table keeps it (`mic`).
 * `ZoneName` is the exchange's own IANA zone (used for its local times and DST);
 * `TimeZoneId` is the platform's time zone id reported for it, which may name an equivalent
 * zone (Toronto reports 3, US Eastern; Tokyo reports 10, GMT +9).
 */

export interface ExchangeInfo {
  /** The platform's id of the exchange (`NYSE`, `EUR_AMS2`, `SBFX`). */
  ExchangeId: string;
  /** The universe's name for it: its ISO MIC, or `SBFX` for the inter-bank FX venue. */
  key: string;
  /** ISO 10383 MIC of the market segment (absent for the inter-bank FX venue). */
  IsoMic?: string;
  /** MIC as the platform uses it in symbols, lower-cased there (absent for the inter-bank FX venue). */
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
  isoMic: string,
  exchangeId: string,
  name: string,
  country: string,
  zone: string,
  tzId: number,
  currency: string,
  priceSource?: string,
  symbolMic?: string,
];

// [ISO MIC (the key), ExchangeId, Name, CountryCode, IANA zone, platform tz id, currency, PriceSourceName, symbol MIC]
const ROWS: Row[] = [
  ['XNYS', 'NYSE', 'New York Stock Exchange', 'US', 'America/New_York', 3, 'USD', 'NYSE'],
  ['XNAS', 'NASDAQ', 'Nasdaq', 'US', 'America/New_York', 3, 'USD', 'NASDAQ'],
  ['ARCX', 'NYSE_ARCA', 'NYSE Arca', 'US', 'America/New_York', 3, 'USD', 'NYSE Arca'],
  ['XCBO', 'CBOE', 'Cboe Options Exchange', 'US', 'America/New_York', 3, 'USD', 'CBOE'],
  ['XTSE', 'TSE', 'Toronto Stock Exchange', 'CA', 'America/Toronto', 3, 'CAD', 'TSX'],
  ['BVMF', 'BMFBOVESPA', 'B3', 'BR', 'America/Sao_Paulo', 20, 'BRL', 'B3'],
  ['XLON', 'LSE_SETS', 'London Stock Exchange', 'GB', 'Europe/London', 1, 'GBP', 'LSE'],
  ['XETR', 'FSE', 'Xetra (Deutsche Börse)', 'DE', 'Europe/Berlin', 4, 'EUR', 'Xetra'],
  ['XPAR', 'PAR', 'Euronext Paris', 'FR', 'Europe/Paris', 4, 'EUR', 'Euronext Paris'],
  ['XAMS', 'AMS', 'Euronext Amsterdam', 'NL', 'Europe/Amsterdam', 4, 'EUR', 'Euronext Amsterdam'],
  [
    'XEUE',
    'EUR_AMS2',
    'Euronext Equity & Index Derivatives - AMS',
    'NL',
    'Europe/Amsterdam',
    4,
    'EUR',
    'Euronext Derivatives Amsterdam',
    'XAMS',
  ],
  ['XBRU', 'BRU', 'Euronext Brussels', 'BE', 'Europe/Brussels', 4, 'EUR', 'Euronext Brussels'],
  ['XLIS', 'LISB', 'Euronext Lisbon', 'PT', 'Europe/Lisbon', 1, 'EUR', 'Euronext Lisbon'],
  ['XMIL', 'MIL', 'Euronext Milan (Borsa Italiana)', 'IT', 'Europe/Rome', 4, 'EUR', 'Borsa Italiana'],
  ['XMAD', 'SIBE', 'Bolsa de Madrid', 'ES', 'Europe/Madrid', 4, 'EUR', 'BME'],
  ['XSWX', 'SWX', 'SIX Swiss Exchange', 'CH', 'Europe/Zurich', 4, 'CHF', 'SIX Swiss Exchange'],
  ['XWBO', 'VIE', 'Wiener Börse', 'AT', 'Europe/Vienna', 4, 'EUR', 'Wiener Börse'],
  ['XCSE', 'CSE', 'Nasdaq Copenhagen', 'DK', 'Europe/Copenhagen', 4, 'DKK', 'Nasdaq Copenhagen'],
  ['XSTO', 'SSE', 'Nasdaq Stockholm', 'SE', 'Europe/Stockholm', 4, 'SEK', 'Nasdaq Stockholm'],
  ['XHEL', 'HSE', 'Nasdaq Helsinki', 'FI', 'Europe/Helsinki', 14, 'EUR', 'Nasdaq Helsinki'],
  ['XOSL', 'OSE', 'Euronext Oslo Børs', 'NO', 'Europe/Oslo', 4, 'NOK', 'Oslo Børs'],
  ['XIST', 'ISE', 'Borsa Istanbul', 'TR', 'Europe/Istanbul', 18, 'TRY', 'Borsa Istanbul'],
  ['XJSE', 'JSE', 'Johannesburg Stock Exchange', 'ZA', 'Africa/Johannesburg', 16, 'ZAR', 'JSE'],
  ['XSAU', 'TADAWUL', 'Saudi Exchange (Tadawul)', 'SA', 'Asia/Riyadh', 18, 'SAR', 'Tadawul'],
  ['XTKS', 'TYO', 'Tokyo Stock Exchange', 'JP', 'Asia/Tokyo', 10, 'JPY', 'TSE'],
  ['XOSE', 'OSE_JP', 'Osaka Exchange', 'JP', 'Asia/Tokyo', 10, 'JPY', 'OSE'],
  ['XHKG', 'HKEX', 'Hong Kong Exchanges and Clearing', 'HK', 'Asia/Hong_Kong', 7, 'HKD', 'HKEX'],
  ['XHKF', 'HKFE', 'Hong Kong Futures Exchange', 'HK', 'Asia/Hong_Kong', 7, 'HKD', 'HKFE'],
  ['XSES', 'SGX-ST', 'Singapore Exchange', 'SG', 'Asia/Singapore', 2, 'SGD', 'SGX'],
  ['XKRX', 'KRX', 'Korea Exchange', 'KR', 'Asia/Seoul', 10, 'KRW', 'KRX'],
  ['XTAI', 'TWSE', 'Taiwan Stock Exchange', 'TW', 'Asia/Taipei', 13, 'TWD', 'TWSE'],
  ['XNSE', 'NSE', 'National Stock Exchange of India', 'IN', 'Asia/Kolkata', 256, 'INR', 'NSE'],
  ['XASX', 'ASX', 'ASX', 'AU', 'Australia/Sydney', 8, 'AUD', 'ASX'],
  ['XSFE', 'SFE', 'ASX 24', 'AU', 'Australia/Sydney', 8, 'AUD', 'ASX 24'],
  ['XCME', 'CME', 'Chicago Mercantile Exchange', 'US', 'America/Chicago', 5, 'USD', 'CME'],
  ['XCBT', 'CBOT', 'Chicago Board of Trade', 'US', 'America/Chicago', 5, 'USD', 'CBOT'],
  ['XNYM', 'NYMEX', 'New York Mercantile Exchange', 'US', 'America/Chicago', 5, 'USD', 'NYMEX'],
  ['XCEC', 'COMEX', 'Commodity Exchange (COMEX)', 'US', 'America/Chicago', 5, 'USD', 'COMEX'],
  ['XCBF', 'CFE', 'Cboe Futures Exchange', 'US', 'America/Chicago', 5, 'USD', 'CFE'],
  ['XEUR', 'EUREX', 'Eurex', 'DE', 'Europe/Berlin', 4, 'EUR', 'Eurex'],
  ['IFEU', 'IPE', 'ICE Futures Europe (Commodities)', 'GB', 'Europe/London', 1, 'USD', 'ICE Futures Europe'],
  ['IFLL', 'LIFFE', 'ICE Futures Europe (Financials)', 'GB', 'Europe/London', 1, 'GBP', 'ICE Futures Europe'],
  ['IFUS', 'NYBOT', 'ICE Futures U.S.', 'US', 'America/New_York', 3, 'USD', 'ICE Futures U.S.'],
  ['NDEX', 'ENDEX', 'ICE Endex', 'NL', 'Europe/Amsterdam', 4, 'EUR', 'ICE Endex'],
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
  'XPAR', 'XAMS', 'XEUE', 'XBRU', 'XLIS', 'XOSL', 'XMIL',
  'XLON', 'XNSE', 'BVMF',
]);

/** The FX inter-bank venue: no MIC, quotes in GMT (platform zone 0). */
const INTER_BANK_FX: ExchangeInfo = {
  ExchangeId: 'SBFX',
  key: 'SBFX',
  Name: 'Inter Bank',
  CountryCode: 'DK',
  ZoneName: 'Etc/UTC',
  TimeZoneId: 0,
  CurrencyCode: 'USD',
  StopsTriggeredByTrades: false,
};

/** Every exchange of the universe, in a stable order (listed exchanges first, SBFX last). */
export const EXCHANGES: readonly ExchangeInfo[] = Object.freeze([
  ...ROWS.map(([isoMic, id, name, country, zone, tzId, currency, priceSource, symbolMic]) => ({
    ExchangeId: id,
    key: isoMic,
    IsoMic: isoMic,
    Mic: symbolMic ?? isoMic,
    Name: name,
    CountryCode: country,
    ZoneName: zone,
    TimeZoneId: tzId,
    CurrencyCode: currency,
    ...(priceSource ? { PriceSourceName: priceSource } : {}),
    StopsTriggeredByTrades: STOPS_TRIGGERED_BY_TRADES.has(isoMic),
  })),
  INTER_BANK_FX,
]);

const BY_ID = new Map(EXCHANGES.map((exchange) => [exchange.ExchangeId.toUpperCase(), exchange]));
const BY_KEY = new Map(EXCHANGES.map((exchange) => [exchange.key, exchange]));

/** The exchange with this platform ExchangeId (case-insensitive), or undefined. */
export function findExchange(exchangeId: string): ExchangeInfo | undefined {
  return BY_ID.get(exchangeId.toUpperCase());
}

/** The exchange with this ExchangeId; throws for an id the universe does not have (a generator bug). */
export function exchangeById(exchangeId: string): ExchangeInfo {
  const exchange = findExchange(exchangeId);
  if (!exchange) throw new Error(`Unknown exchange id "${exchangeId}"`);
  return exchange;
}

/** The exchange the universe calls `key` (its ISO MIC, or SBFX), or undefined. */
export function findExchangeByKey(key: string): ExchangeInfo | undefined {
  return BY_KEY.get(key);
}

/** The exchange the universe calls `key`; throws for a key it does not have (a generator bug). */
export function exchangeByKey(key: string): ExchangeInfo {
  const exchange = BY_KEY.get(key);
  if (!exchange) throw new Error(`Unknown exchange "${key}"`);
  return exchange;
}
