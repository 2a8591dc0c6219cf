/**
 * FX: spot pairs (majors, crosses, minors, exotics, metals), each uic also tradable as
 * forwards, swaps and (where offered) vanilla and barrier options: one instruments row per
 * asset type, as the platform's details list shows (Uics=23 returns six rows). Forward dates
 * follow the spot value date (T+2, T+1 for USDCAD and USDTRY) on the inter-bank calendar.
 */
import { isTradingDay } from '../../calendar/businessDays';
import { RankCounter, SEARCH_TIER } from './allocator';
import { isoDate, ORDER_TYPES_FULL, orderDistances, priceFormat, sortKeys, standardAmounts } from './fields';
import { CURRENCY_NAMES, FIXED_FX_UICS, FX_PAIRS, pipsOf, spotLagOf, type FxClass } from './fxFacts';
import { DetailFragments } from './detailFragments';
import { InstrumentWriter, type InstrumentRow } from './schema';
import { exchangeIdOf, exchangeSummary, OTC_VENUE } from '../reference/venues';
import type { GenerationStep } from '../universe';

const OPTION_TYPES = ['FxVanillaOption', 'FxKnockInOption', 'FxKnockOutOption'];
const GROUP_IDS: Record<FxClass, number> = {
  Major: 28782,
  Cross: 28784,
  Minor: 28785,
  Exotic: 28786,
  Metal: 28787,
};

/** The date `count` inter-bank business days after `from`. */
function addBusinessDays(from: Date, count: number): Date {
  let date = from;
  for (let added = 0; added < count;) {
    date = new Date(date.getTime() + 86_400_000);
    if (isTradingDay(OTC_VENUE, date)) added++;
  }
  return date;
}

/** Asset types a pair trades as (TradableAs); metals and exotics have no barrier options. */
function tradableAsOf(fxClass: FxClass): string[] {
  if (fxClass === 'Metal') return ['FxSpot', 'FxForwards'];
  if (fxClass === 'Exotic') return ['FxSpot', 'FxForwards', 'FxVanillaOption'];
  return ['FxSpot', 'FxForwards', 'FxVanillaOption', 'FxKnockInOption', 'FxKnockOutOption'];
}

/** Every (pair, class, uic), uics fixed where the platform's are known, free numbers otherwise. */
export function fxPairUics(): { pair: string; fxClass: FxClass; uic: number }[] {
  const used = new Set(Object.values(FIXED_FX_UICS));
  let next = 1;
  const result: { pair: string; fxClass: FxClass; uic: number }[] = [];
  for (const [fxClass, pairs] of Object.entries(FX_PAIRS) as [FxClass, readonly string[]][]) {
    for (const pair of pairs) {
      let uic = FIXED_FX_UICS[pair];
      if (uic === undefined) {
        while (used.has(next)) next++;
        uic = next;
        used.add(uic);
      }
      result.push({ pair, fxClass, uic });
    }
  }
  return result;
}

function pairRows(
  pair: string,
  fxClass: FxClass,
  uic: number,
  asOf: Date,
  ranks: { spot: Pick<RankCounter, 'take'>; other: Pick<RankCounter, 'take'> },
): InstrumentRow[] {
  const base = pair.slice(0, 3);
  const quote = pair.slice(3);
  const description = `${CURRENCY_NAMES[base] ?? base}/${CURRENCY_NAMES[quote] ?? quote}`;
  const { pip, shownDecimals } = pipsOf(pair);
  const decimalPips = fxClass !== 'Metal';
  const decimals = decimalPips ? shownDecimals - 1 : shownDecimals;
  const format = priceFormat(decimals, decimalPips ? { Format: 'AllowDecimalPips' } : {});
  const metal = fxClass === 'Metal';
  const minimum = metal ? 1 : 1000;
  const defaultAmount = metal ? 100 : 100_000;
  const spotDate = addBusinessDays(asOf, spotLagOf(pair));
  const forwardDates = {
    FxForwardMaxForwardDate: `${isoDate(new Date(Date.UTC(spotDate.getUTCFullYear() + 1, spotDate.getUTCMonth(), spotDate.getUTCDate())))}T00:00:00Z`,
    FxForwardMinForwardDate: `${isoDate(addBusinessDays(spotDate, 1))}T00:00:00Z`,
  };
  const tradableAs = tradableAsOf(fxClass);
  const assetTypes = [...tradableAs.slice(0, 2), 'FxSwap', ...tradableAs.slice(2)];
  const common = {
    AmountDecimals: 0,
    CurrencyCode: quote,
    Description: description,
    Exchange: exchangeSummary(OTC_VENUE),
    GroupId: GROUP_IDS[fxClass],
    IsTradable: true,
    NonTradableReason: 'None',
    Symbol: pair,
    TradableAs: tradableAs,
    TradingStatus: 'NotDefined',
    Uic: uic,
  };
  return assetTypes.map((assetType) => {
    let details: Record<string, unknown>;
    if (assetType === 'FxSpot') {
      const dma = fxClass === 'Major' || fxClass === 'Cross';
      details = {
        ...common,
        ...forwardDates,
        DefaultAmount: defaultAmount,
        ...(dma ? { DefaultSlippage: 0.01, DefaultSlippageType: 'Percentage' } : {}),
        Format: format,
        IncrementSize: minimum,
        IsComplex: false,
        IsDmaEnabled: dma,
        MinimumTradeSize: minimum,
        OrderDistances: orderDistances('Pips', 50),
        StandardAmounts: standardAmounts(defaultAmount, [0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
        SupportedOrderTypes: ORDER_TYPES_FULL,
        TickSize: roundPip(pip / 10, shownDecimals),
      };
    } else if (assetType === 'FxForwards' || assetType === 'FxSwap') {
      details = {
        ...common,
        ...forwardDates,
        DefaultAmount: defaultAmount,
        Format: format,
        IncrementSize: minimum,
        IsComplex: false,
        MinimumTradeSize: metal ? 1 : 10_000,
        StandardAmounts: standardAmounts(defaultAmount, [0.25, 0.5, 1, 2.5, 5, 10]),
        SupportedOrderTypes: assetType === 'FxSwap' ? ['Market'] : ['Market', 'Limit', 'Stop'],
        TickSize: roundPip(pip / 10, shownDecimals),
      };
    } else {
      details = {
        ...common,
        ...(assetType === 'FxVanillaOption' ? { CanParticipateInMultiLegOrder: true } : {}),
        DefaultAmount: defaultAmount,
        Format: {
          ...priceFormat(4),
          StrikeDecimals: decimals,
          ...(assetType !== 'FxVanillaOption' ? { BarrierDecimals: decimals } : {}),
        },
        IncrementSize: 10_000,
        IsComplex: true,
        MinimumTradeSize: 10_000,
        OptionsChainSubscriptionAllowed: true,
        StandardAmounts: standardAmounts(defaultAmount, [0.5, 1, 2.5, 5, 10]),
        SupportedOrderTypes: ['Market', 'Limit'],
      };
    }
    return {
      uic,
      assetType,
      symbol: pair,
      description,
      currency: quote,
      exchangeId: exchangeIdOf(OTC_VENUE),
      mic: OTC_VENUE,
      displayHint: metal ? 'PreciousMetal' : 'Forex',
      isTradable: true,
      isComplex: OPTION_TYPES.includes(assetType),
      searchRank: assetType === 'FxSpot' ? ranks.spot.take() : ranks.other.take(),
      details: sortKeys({ ...details, AssetType: assetType, DisplayHint: metal ? 'PreciousMetal' : 'Forex' }),
    };
  });
}

function roundPip(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

export const fxStep: GenerationStep = {
  name: 'reference:fx',
  run({ db, asOf }) {
    const writer = new InstrumentWriter(db);
    const ranks = { spot: new RankCounter(db, SEARCH_TIER.fx), other: new RankCounter(db, SEARCH_TIER.cfds) };
    const pairs = db.prepare('INSERT INTO fx_pairs (uic, base, quote) VALUES (?, ?, ?)');
    for (const { pair, fxClass, uic } of fxPairUics()) {
      for (const row of pairRows(pair, fxClass, uic, asOf, ranks)) writer.write(row);
      pairs.run(uic, pair.slice(0, 3), pair.slice(3));
    }
  },
  /** The spot and forward dates move with the day: the details of every FX row are written again (their search entries do not change). */
  roll({ db, asOf }) {
    const fragments = DetailFragments.of(db);
    const update = db.prepare('UPDATE instruments SET details = ? WHERE uic = ? AND asset_type = ?');
    const noRank = { take: () => 0 };
    for (const { pair, fxClass, uic } of fxPairUics()) {
      for (const row of pairRows(pair, fxClass, uic, asOf, { spot: noRank, other: noRank }))
        update.run(fragments.compact(row.details!), row.uic, row.assetType);
    }
  },
  expectedMs: { small: 20, default: 20, large: 20 },
};
