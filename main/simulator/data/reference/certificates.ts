/**
 * Certificates (structured products) on well-known shares and indices: discount, bonus,
 * capped bonus, tracker, capital protection, constant leverage and express certificates,
 * listed on the certificate segments of Xetra, SIX, Euronext Paris and Nasdaq Stockholm.
 */
import { RankCounter, SEARCH_TIER, UIC_BLOCKS, UicAllocator } from './allocator';
import {
  exchangeOrderTypes,
  exchangeStopOrderType,
  isoDate,
  orderDistances,
  priceFormat,
  standardAmounts,
} from './fields';
import { randomCharacters, uniqueIsin } from './isin';
import { InstrumentWriter } from './schema';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary } from './venues';
import type { GenerationStep } from '../universe';

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

export const certificatesStep: GenerationStep = {
  name: 'reference:certificates',
  run({ db, scale, asOf, random }) {
    const writer = new InstrumentWriter(db);
    const uics = new UicAllocator(db, UIC_BLOCKS.certificates);
    const ranks = new RankCounter(db, SEARCH_TIER.generated);
    const rng = random('reference:certificates');
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
      const maturity = new Date(Date.UTC(asOf.getUTCFullYear() + rng.int(1, 5), rng.pick([2, 5, 8, 11]), 20));
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
      const uic = uics.take();
      writer.write({
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
        searchRank: ranks.take(),
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
      });
    }
  },
};
