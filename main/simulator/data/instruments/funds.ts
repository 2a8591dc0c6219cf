/**
 * Mutual funds (universe-facts §8): UCITS equity and bond classes, US open-end funds, money
 * market and alternative funds, with the fund-only fields of spec 2.1 (cut-off, distribution
 * policy, subscription and redemption terms). Funds are dealt over the counter (SBFX).
 */
import { RankCounter, SEARCH_TIER, UIC_BLOCKS, UicAllocator } from './allocator';
import { ORDER_TYPES_FUNDS, priceFormat, standardAmounts } from './fields';
import { randomCharacters, uniqueIsin } from './isin';
import { nameStem } from './names';
import { InstrumentWriter } from './schema';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary, OTC_VENUE } from '../reference/venues';
import type { RandomStream } from '../random';
import type { GenerationStep } from '../universe';

interface FundKind {
  kind: string;
  strategies: readonly string[];
  isinPrefixes: readonly string[];
  currencies: readonly string[];
  cutOff: string;
  subscriptionDays: number;
  redemptionDays: number;
  distributions: readonly [policy: string, periodicity: string][];
  minimum: readonly number[];
  complex: boolean;
  /** US funds are named by a five-letter ticker ending in X. */
  usTicker?: boolean;
}

const KINDS: readonly FundKind[] = [
  {
    kind: 'UCITS equity',
    strategies: [
      'Global Equity',
      'European Equity',
      'US Equity',
      'Emerging Markets Equity',
      'Japan Equity',
      'Global Small Cap',
      'Sustainable Equity',
      'Technology',
    ],
    isinPrefixes: ['LU', 'IE'],
    currencies: ['EUR', 'USD', 'GBP', 'CHF'],
    cutOff: '13:00',
    subscriptionDays: 2,
    redemptionDays: 3,
    distributions: [['Accumulating', 'None']],
    minimum: [100, 1000],
    complex: false,
  },
  {
    kind: 'UCITS bond',
    strategies: [
      'Euro Government Bond',
      'Global Aggregate Bond',
      'High Yield Bond',
      'Corporate Bond',
      'Short Duration',
    ],
    isinPrefixes: ['LU', 'IE'],
    currencies: ['EUR', 'USD', 'GBP'],
    cutOff: '12:00',
    subscriptionDays: 2,
    redemptionDays: 3,
    distributions: [
      ['Distributing', 'Annually'],
      ['Distributing', 'SemiAnnually'],
      ['Distributing', 'Quarterly'],
      ['Distributing', 'Monthly'],
    ],
    minimum: [100, 1000],
    complex: false,
  },
  {
    kind: 'US open-end',
    strategies: ['Growth', 'Value', 'Balanced', 'Income', 'Index'],
    isinPrefixes: ['US'],
    currencies: ['USD'],
    cutOff: '16:00',
    subscriptionDays: 1,
    redemptionDays: 1,
    distributions: [['Distributing', 'Quarterly']],
    minimum: [1000, 3000],
    complex: false,
    usTicker: true,
  },
  {
    kind: 'Money market',
    strategies: ['Money Market', 'Liquidity', 'Treasury Reserves'],
    isinPrefixes: ['LU', 'IE'],
    currencies: ['EUR', 'USD', 'GBP'],
    cutOff: '12:00',
    subscriptionDays: 0,
    redemptionDays: 0,
    distributions: [
      ['Distributing', 'Monthly'],
      ['Accumulating', 'None'],
    ],
    minimum: [1000],
    complex: false,
  },
  {
    kind: 'Alternative',
    strategies: ['Global Macro', 'Long/Short Equity', 'Multi-Strategy', 'Private Credit'],
    isinPrefixes: ['KY', 'LU', 'IE'],
    currencies: ['USD', 'EUR'],
    cutOff: '17:00',
    subscriptionDays: 0,
    redemptionDays: 30,
    distributions: [['Accumulating', 'None']],
    minimum: [100_000, 1_000_000],
    complex: true,
  },
];

const CLASSES = ['A', 'I', 'R', 'B'];
const OTC_EXCHANGE = exchangeSummary(OTC_VENUE);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function fundRow(
  random: RandomStream,
  uic: number,
  kind: FundKind,
  takenIsins: Set<string>,
  takenTickers: Set<string>,
  rank: number,
) {
  const currency = random.pick(kind.currencies);
  const [policy, periodicity] = random.pick(kind.distributions);
  const shareClass = `${random.pick(CLASSES)} ${policy === 'Accumulating' ? 'Acc' : 'Dis'}${kind.usTicker ? '' : ` ${currency}`}`;
  const description = `${nameStem(random)} ${random.pick(kind.strategies)} Fund ${shareClass}`;
  const isin = uniqueIsin(random, random.pick(kind.isinPrefixes), takenIsins);
  let symbol = isin;
  if (kind.usTicker) {
    do symbol = `${randomCharacters(random, LETTERS, 4)}X`;
    while (takenTickers.has(symbol));
    takenTickers.add(symbol);
  }
  const minimum = random.pick(kind.minimum);
  const isTradable = !random.chance(0.03);
  return {
    uic,
    assetType: 'MutualFund',
    symbol,
    description,
    isin,
    currency,
    exchangeId: exchangeIdOf(OTC_VENUE),
    mic: OTC_VENUE,
    displayHint: 'Fund',
    price: 100,
    isTradable,
    isComplex: kind.complex,
    searchRank: rank,
    details: {
      AdditionalMinimumTradeSize: minimum / 10,
      AdditionalMinimumTradeUnits: 1,
      AmountDecimals: 4,
      AssetType: 'MutualFund',
      CurrencyCode: currency,
      CutOffTimeForSubscriptions: kind.cutOff,
      DefaultAmount: minimum,
      Description: description,
      DisplayHint: 'Fund',
      DistributionPolicy: policy,
      DividendPeriodicity: periodicity,
      Exchange: OTC_EXCHANGE,
      Format: priceFormat(4),
      GroupId: 0,
      IncrementSize: 0.0001,
      IsComplex: kind.complex,
      IsRedemptionByAmounts: random.chance(0.5),
      IsTradable: isTradable,
      MinimumTradeSize: minimum,
      MinimumTradeSizeCurrency: currency,
      NonTradableReason: isTradable ? 'None' : 'NotOnlineClientTradable',
      RedemptionDays: kind.redemptionDays,
      RedemptionDaysType: 'BusinessDays',
      StandardAmounts: standardAmounts(minimum, [1, 2, 5, 10]),
      SubscriptionByAmounts: minimum,
      SubscriptionByShares: 1,
      SubscriptionDays: kind.subscriptionDays,
      SubscriptionDaysType: 'BusinessDays',
      SupportedOrderTypes: ORDER_TYPES_FUNDS,
      Symbol: symbol,
      TradableAs: ['MutualFund'],
      TradingStatus: isTradable ? 'Tradable' : 'NonTradable',
      Uic: uic,
    },
  };
}

/** Funds at every scale: two of each kind; the scale adds more. */
const FIXED_FUNDS_PER_KIND = 2;

export const fundsStep: GenerationStep = {
  name: 'reference:funds',
  run({ db, scale, random }) {
    const writer = new InstrumentWriter(db);
    const uics = new UicAllocator(db, UIC_BLOCKS.funds);
    const ranks = new RankCounter(db, SEARCH_TIER.funds);
    const rng = random('reference:funds');
    const takenIsins = new Set<string>();
    const takenTickers = new Set<string>();
    const total = KINDS.length * FIXED_FUNDS_PER_KIND + REFERENCE_SIZES[scale].mutualFunds;
    for (let i = 0; i < total; i++) {
      const kind = i < KINDS.length * FIXED_FUNDS_PER_KIND ? KINDS[i % KINDS.length]! : rng.pick(KINDS);
      writer.write(fundRow(rng, uics.take(), kind, takenIsins, takenTickers, ranks.take()));
    }
  },
  expectedMs: { small: 5, default: 90, large: 900 },
};
