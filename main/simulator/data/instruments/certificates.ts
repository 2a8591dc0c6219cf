/**
 * Certificates (structured products) on well-known shares and indices: discount, bonus,
 * capped bonus, tracker, capital protection, constant leverage and express certificates,
 * listed on the certificate segments of Xetra, SIX, Euronext Paris and Nasdaq Stockholm.
 */
import type Database from 'better-sqlite3';
import { RankCounter, SEARCH_TIER, UIC_BLOCKS } from './allocator';
import {
  exchangeOrderTypes,
  exchangeStopOrderType,
  isoDate,
  orderDistances,
  priceFormat,
  standardAmounts,
} from './fields';
import { randomCharacters, uniqueIsin } from './isin';
import { InstrumentWriter, type InstrumentRow } from './schema';
import { issueOn, SeriesStore, type Issue } from './series';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary } from '../reference/venues';
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

/** What a certificate is made of besides its maturity, as drawn from the seed. */
interface CertificateTerms {
  index: number;
  issuer: string;
  issuerCode: string;
  mic: string;
  currency: string;
  underlying: UnderlyingRow;
  /** Cap level or leverage, as the description names it (or nothing). */
  terms: string;
  symbol: string;
  isin: string;
}

/** Every certificate of the universe, in uic order, with the years its issue at the series epoch had left. */
function drawCertificates(
  db: Database.Database,
  scale: Scale,
  rng: RandomStream,
): { terms: CertificateTerms; remaining: number }[] {
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
  if (count > UIC_BLOCKS.certificates.last - UIC_BLOCKS.certificates.first + 1)
    throw new Error(`The uic block of ${UIC_BLOCKS.certificates.name} is full`);
  const drawn: { terms: CertificateTerms; remaining: number }[] = [];
  for (let index = 0; index < count; index++) {
    const [assetType] = TYPES[index % TYPES.length]!;
    const [issuer, issuerCode] = rng.pick(ISSUERS);
    const [mic, currency, isinPrefix] = rng.pick(VENUES);
    const underlying = rng.pick(underlyings);
    const remaining = rng.int(1, 5) - 1 + (rng.pick([2, 5, 8, 11]) + 1) / 12;
    const level = Math.round(underlying.price * (0.7 + rng.next() * 0.6) * 100) / 100;
    const terms =
      assetType.includes('Capped') || assetType === 'CertificateDiscount'
        ? ` cap ${level}`
        : assetType === 'CertificateConstantLeverage'
          ? ` ${rng.pick(['long', 'short'])} ${rng.pick([2, 3, 5, 10])}x`
          : '';
    let symbol: string;
    do symbol = `${issuerCode}${randomCharacters(rng, alphanumeric, 4)}`;
    while (takenSymbols.has(symbol));
    takenSymbols.add(symbol);
    const isin = uniqueIsin(rng, isinPrefix, takenIsins);
    drawn.push({
      terms: { index, issuer, issuerCode, mic, currency, underlying, terms, symbol, isin },
      remaining,
    });
  }
  return drawn;
}

/** The row of a certificate whose outstanding issue matures on `maturity`. */
function certificateRow(certificate: CertificateTerms, maturity: Date, rank: number): InstrumentRow {
  const { index, issuer, mic, currency, underlying, symbol, isin } = certificate;
  const [assetType, label, settlement] = TYPES[index % TYPES.length]!;
  const uic = UIC_BLOCKS.certificates.first + index;
  const description = `${label} on ${underlying.description}${certificate.terms} ${isoDate(maturity)} (${issuer})`;
  return {
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
    searchRank: rank,
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
      OrderDistances: orderDistances('Percentage', 1, exchangeStopOrderType(exchangeIdOf(mic))),
      RelatedInstruments: [{ AssetType: underlying.asset_type, Uic: underlying.uic }],
      SettlementStyle: settlement,
      StandardAmounts: standardAmounts(10, [1, 5, 10, 50, 100]),
      SupportedOrderTypes: exchangeOrderTypes(exchangeIdOf(mic)),
      Symbol: symbol,
      TickSize: 0.001,
      TradableAs: [assetType],
      TradingStatus: 'Tradable',
      Uic: uic,
      UnderlyingAssetType: underlying.asset_type,
    },
  };
}

const issueOfCertificate = (asOf: Date, remaining: number): Issue =>
  issueOn(asOf, remaining, TENOR_YEARS, quarterlyDateFrom);

export const certificatesStep: GenerationStep = {
  name: 'reference:certificates',
  run({ db, scale, asOf, random }) {
    const writer = new InstrumentWriter(db);
    const ranks = new RankCounter(db, SEARCH_TIER.generated);
    const series = new SeriesStore<CertificateTerms>(db, UIC_BLOCKS.certificates);
    for (const { terms, remaining } of drawCertificates(db, scale, random('reference:certificates'))) {
      const issue = issueOfCertificate(asOf, remaining);
      writer.write(certificateRow(terms, issue.maturity, ranks.take()));
      series.add(UIC_BLOCKS.certificates.first + terms.index, remaining, issue, terms);
    }
  },
  /** A certificate whose issue matured is written again as the next issue, keeping its search rank. */
  roll({ db, asOf }) {
    const writer = new InstrumentWriter(db);
    const series = new SeriesStore<CertificateTerms>(db, UIC_BLOCKS.certificates);
    const rankOf = db.prepare('SELECT search_rank FROM instruments WHERE uic = ?').pluck();
    for (const { uic, remaining, terms } of series.dueOn(asOf)) {
      const issue = issueOfCertificate(asOf, remaining);
      writer.replace(certificateRow(terms, issue.maturity, rankOf.get(uic) as number));
      series.moved(uic, issue);
    }
  },
  expectedMs: { small: 10, default: 120, large: 1200 },
};
