/**
 * Certificates (structured products) on well-known shares and indices: discount, bonus,
 * capped bonus, tracker, capital protection, constant leverage and express certificates,
 * listed on the certificate segments of Xetra, SIX, Euronext Paris and Nasdaq Stockholm.
 */
import type Database from 'better-sqlite3';
import { RankCounter, SEARCH_TIER, UIC_BLOCKS } from './allocator';
import { isoDate, ORDER_TYPES_EXCHANGE, orderDistances, priceFormat, standardAmounts } from './fields';
import { randomCharacters, uniqueIsin } from './isin';
import { InstrumentWriter, type InstrumentRow } from './schema';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary } from './venues';
import type { RandomStream } from '../random';
import type { GenerationStep, Scale } from '../universe';

const TYPES: readonly [assetType: string, label: string, settlement: string][] = [
  ['CertificateDiscount', 'Discount certificate', 'PhysicalDelivery'],
  ['CertificateBonus', 'Bonus certificate', 'CashDelivery'],
  ['CertificateCappedBonus', 'Capped bonus certificate', 'CashDelivery'],
  ['CertificateTracker', 'Tracker certificate', 'CashDelivery'],
  ['CertificateUncappedCapitalProtection', 'Capital protection certificate', 'CashDelivery'],
  ['CertificateConstantLeverage', 'Constant leverage certificate', 'CashDelivery'],
  ['CertificateExpress', 'Express certificate', 'CashDelivery'],
];

const ISSUERS: readonly [name: string, code: string][] = [
  ['DZ Bank', 'DZ'],
  ['Vontobel', 'VT'],
  ['BNP Paribas', 'PB'],
  ['Société Générale', 'SG'],
  ['UBS', 'UB'],
  ['HSBC', 'HS'],
];

/** Listing venue and currency: German certificates dominate, as on the real markets. */
const VENUES: readonly [mic: string, currency: string, isinPrefix: string][] = [
  ['XETR', 'EUR', 'DE000'],
  ['XETR', 'EUR', 'DE000'],
  ['XETR', 'EUR', 'DE000'],
  ['XSWX', 'CHF', 'CH'],
  ['XPAR', 'EUR', 'FR00'],
  ['XSTO', 'SEK', 'SE00'],
];

interface UnderlyingRow {
  uic: number;
  asset_type: string;
  description: string;
  price: number;
}

/** Fixed certificates at every scale; the scale adds more. */
const FIXED_CERTIFICATES = 20;

const YEAR_MS = 365.25 * 86_400_000;
/** Certificates are drawn with their remaining life on this day. */
const SERIES_EPOCH = Date.UTC(2026, 0, 1);
/** A certificate line is issued again, five years on, when an issue matures. */
const TENOR_YEARS = 5;

/** The first 20th of March, June, September or December on or after `earliest`. */
function quarterlyDateFrom(earliest: Date): Date {
  let year = earliest.getUTCFullYear();
  let month = Math.floor(earliest.getUTCMonth() / 3) * 3 + 2;
  for (;;) {
    const date = new Date(Date.UTC(year, month, 20));
    if (date >= earliest) return date;
    month += 3;
    if (month > 11) [year, month] = [year + 1, 2];
  }
}

/** The maturity of the certificate's issue outstanding on `asOf` (one with `remaining` years left at the epoch, and the others five years apart). */
function maturityOn(asOf: Date, remaining: number): Date {
  const issue = (k: number) =>
    quarterlyDateFrom(new Date(SERIES_EPOCH + (remaining + k * TENOR_YEARS) * YEAR_MS));
  let k = Math.ceil((asOf.getTime() - SERIES_EPOCH) / YEAR_MS / TENOR_YEARS - remaining / TENOR_YEARS);
  while (issue(k) < asOf) k++;
  while (issue(k - 1) >= asOf) k--;
  return issue(k);
}

/**
 * The certificates of `asOf`, in uic order; `rank(i)` gives the i-th its search rank. Their
 * terms come from the seed; the maturity is that of the issue outstanding on the day.
 */
function certificatesOf(
  db: Database.Database,
  scale: Scale,
  asOf: Date,
  rng: RandomStream,
  rank: (index: number) => number,
): InstrumentRow[] {
  const rows: InstrumentRow[] = [];
  const underlyings = db
    .prepare(
      `SELECT uic, asset_type, description, price FROM instruments
         WHERE asset_type IN ('Stock', 'StockIndex') AND search_rank < ? AND price IS NOT NULL ORDER BY uic`,
    )
    .all((SEARCH_TIER.wellKnown + 1) * 10_000_000) as UnderlyingRow[];
  const takenIsins = new Set<string>();
  const takenSymbols = new Set<string>();
  const alphanumeric = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const count = FIXED_CERTIFICATES + REFERENCE_SIZES[scale].certificates;
  for (let i = 0; i < count; i++) {
    const [assetType, label, settlement] = TYPES[i % TYPES.length]!;
    const [issuer, issuerCode] = rng.pick(ISSUERS);
    const [mic, currency, isinPrefix] = rng.pick(VENUES);
    const underlying = rng.pick(underlyings);
    const maturity = maturityOn(asOf, rng.int(1, 5) - 1 + (rng.pick([2, 5, 8, 11]) + 1) / 12);
    const level = Math.round(underlying.price * (0.7 + rng.next() * 0.6) * 100) / 100;
    const terms =
      assetType.includes('Capped') || assetType === 'CertificateDiscount'
        ? ` cap ${level}`
        : assetType === 'CertificateConstantLeverage'
          ? ` ${rng.pick(['long', 'short'])} ${rng.pick([2, 3, 5, 10])}x`
          : '';
    const description = `${label} on ${underlying.description}${terms} ${isoDate(maturity)} (${issuer})`;
    let symbol: string;
    do symbol = `${issuerCode}${randomCharacters(rng, alphanumeric, 4)}`;
    while (takenSymbols.has(symbol));
    takenSymbols.add(symbol);
    const isin = uniqueIsin(rng, isinPrefix, takenIsins);
    const uic = UIC_BLOCKS.certificates.first + i;
    if (uic > UIC_BLOCKS.certificates.last)
      throw new Error(`The uic block of ${UIC_BLOCKS.certificates.name} is full`);
    rows.push({
      uic,
      assetType,
      symbol,
      description,
      isin,
      currency,
      exchangeId: exchangeIdOf(mic),
      mic,
      price: 100,
      isTradable: true,
      isComplex: true,
      searchRank: rank(i),
      details: {
        AmountDecimals: 0,
        AssetType: assetType,
        CurrencyCode: currency,
        DefaultAmount: 100,
        Description: description,
        Exchange: exchangeSummary(mic),
        Format: priceFormat(3),
        GroupId: 0,
        IncrementSize: 1,
        IsComplex: true,
        IsTradable: true,
        MinimumTradeSize: 1,
        NonTradableReason: 'None',
        OrderDistances: orderDistances('Percentage', 1),
        RelatedInstruments: [{ AssetType: underlying.asset_type, Uic: underlying.uic }],
        SettlementStyle: settlement,
        StandardAmounts: standardAmounts(10, [1, 5, 10, 50, 100]),
        SupportedOrderTypes: ORDER_TYPES_EXCHANGE,
        Symbol: symbol,
        TickSize: 0.001,
        TradableAs: [assetType],
        TradingStatus: 'Tradable',
        Uic: uic,
        UnderlyingAssetType: underlying.asset_type,
      },
    });
  }
  return rows;
}

export const certificatesStep: GenerationStep = {
  name: 'reference:certificates',
  run({ db, scale, asOf, random }) {
    const writer = new InstrumentWriter(db);
    const ranks = new RankCounter(db, SEARCH_TIER.generated);
    for (const row of certificatesOf(db, scale, asOf, random('reference:certificates'), () => ranks.take()))
      writer.write(row);
  },
  /** A certificate whose issue matured is written again with the next issue's maturity, keeping its search rank. */
  roll({ db, scale, asOf, random }) {
    const writer = new InstrumentWriter(db);
    const { first, last } = UIC_BLOCKS.certificates;
    const stored = db
      .prepare('SELECT uic, search_rank, description FROM instruments WHERE uic BETWEEN ? AND ? ORDER BY uic')
      .all(first, last) as {
      uic: number;
      search_rank: number;
      description: string;
    }[];
    const rows = certificatesOf(
      db,
      scale,
      asOf,
      random('reference:certificates'),
      (index) => stored[index]!.search_rank,
    );
    rows.forEach((row, index) => {
      if (row.description !== stored[index]!.description) writer.replace(row);
    });
  },
  expectedMs: { small: 10, default: 120, large: 1200 },
};
