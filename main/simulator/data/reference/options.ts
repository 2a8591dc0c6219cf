/**
 * Option roots and their specific options. A root (option_roots) carries the wire fields of
 * spec 2.2; each listed expiry (option_expiries) its last trade time and underlying; each
 * strike and side a specific option in `instruments` (no stored details: they are derived
 * from the root's at request time). The underlying instrument lists its roots in
 * RelatedOptionRootsEnhanced.
 */
import type Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import { RankCounter, SEARCH_TIER, UIC_BLOCKS, UicAllocator, type UicBlock } from './allocator';
import { listingSymbol } from './equities';
import { DetailFragments, expandDetails, loadFragments } from './detailFragments';
import { exchangeById } from './exchanges';
import { onOrBefore, addBusinessDays } from './expiryRules';
import {
  decimalsOf,
  isoDate,
  OPTION_STRATEGIES,
  ORDER_TYPES_LIMIT_ONLY,
  orderDistances,
  priceFormat,
  sortKeys,
  standardAmounts,
} from './fields';
import { MONTH_CODES } from './futuresFacts';
import {
  europeanStockSteps,
  listExpiries,
  strikeLadder,
  usStockSteps,
  type OptionExpiry,
  type StrikeSteps,
} from './optionChains';
import { stockOptionShape, WELL_KNOWN_OPTION_ROOTS, type OptionRootFact } from './optionFacts';
import { InstrumentWriter } from './schema';
import { SearchIndexWriter } from './searchIndex';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary } from './venues';
import type { RandomStream } from '../random';
import type { GenerationContext, GenerationStep } from '../universe';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const YEAR_MS = 365.25 * 86_400_000;

interface UnderlyingInstrument {
  uic: number;
  assetType: string;
  price: number;
  currency: string;
  name: string;
}

interface FutureContract {
  uic: number;
  expiry: string;
  symbol: string;
  price: number;
}

/** What the options step shares across roots: statements, allocators, the roots of each underlying. */
class OptionRootBuilder {
  private readonly writer: InstrumentWriter;
  private readonly uics: UicAllocator;
  private readonly insertRoot: Database.Statement;
  private readonly search: SearchIndexWriter;
  private readonly insertExpiry: Database.Statement;
  private nextRootId: number;
  readonly rootsByUnderlying = new Map<
    string,
    { AssetType: string; OptionRootId: number; OptionType: string }[]
  >();

  constructor(
    private readonly context: GenerationContext,
    private readonly ranks: RankCounter,
    uicBlock: UicBlock,
  ) {
    const { db } = context;
    this.writer = new InstrumentWriter(db);
    this.search = new SearchIndexWriter(db);
    this.uics = new UicAllocator(db, uicBlock);
    this.insertRoot = db.prepare(
      `INSERT INTO option_roots (option_root_id, asset_type, symbol, description, currency, exchange_id, underlying_uic,
         underlying_asset_type, can_multi_leg, search_rank, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertExpiry = db.prepare(
      'INSERT INTO option_expiries (option_root_id, expiry, display_expiry, last_trade, underlying_uic) VALUES (?, ?, ?, ?, ?)',
    );
    const top = db.prepare('SELECT max(option_root_id) AS top FROM option_roots').get() as {
      top: number | null;
    };
    this.nextRootId = (top.top ?? 0) + 1;
  }

  /** Writes one root with its expiries and options. */
  build(
    fact: OptionRootFact,
    underlying: UnderlyingInstrument,
    futures: FutureContract[] | undefined,
    multiLeg: boolean,
    random: RandomStream,
  ): void {
    const rootId = this.nextRootId++;
    const exchangeId = exchangeIdOf(fact.mic);
    const zone = exchangeById(exchangeId).ZoneName;
    const steps: StrikeSteps =
      fact.steps === 'us'
        ? usStockSteps(underlying.price)
        : fact.steps === 'european'
          ? europeanStockSteps(underlying.price)
          : fact.steps;
    const symbol = `${fact.root}:${fact.mic.toLowerCase()}`;
    const currency = fact.currency || underlying.currency;
    const strikeDecimals = Math.max(decimalsOf(steps.near), decimalsOf(steps.mid));
    const details = sortKeys({
      AmountDecimals: 0,
      AssetType: fact.assetType,
      CanParticipateInMultiLegOrder: multiLeg,
      ContractSize: fact.multiplier,
      CurrencyCode: currency,
      DefaultAmount: 1,
      Description: fact.description,
      Exchange: exchangeSummary(fact.mic),
      ExerciseStyle: fact.exerciseStyle,
      Format: priceFormat(Math.max(2, decimalsOf(fact.tick)), { StrikeDecimals: strikeDecimals }),
      GroupId: 0,
      IncrementSize: 1,
      IsComplex: true,
      IsTradable: true,
      LotSize: 1,
      LotSizeType: 'NotUsed',
      MinimumTradeSize: 1,
      OptionRootId: rootId,
      OrderDistances: orderDistances('Percentage', 5),
      PriceToContractFactor: fact.multiplier,
      RelatedInstruments: [{ AssetType: underlying.assetType, Uic: underlying.uic }],
      SettlementStyle: fact.settlement,
      StandardAmounts: standardAmounts(1, [1, 2, 5, 10, 20, 50]),
      SupportedOrderTypes: ORDER_TYPES_LIMIT_ONLY,
      ...(multiLeg ? { SupportedStrategies: OPTION_STRATEGIES } : {}),
      Symbol: symbol,
      TickSize: fact.tick,
      TickSizeScheme: { DefaultTickSize: fact.tick * 2, Elements: [{ HighPrice: 3, TickSize: fact.tick }] },
      TradableAs: [fact.assetType],
      UnderlyingAssetType: underlying.assetType,
    });
    const rank = this.ranks.take();
    this.insertRoot.run(
      rootId,
      fact.assetType,
      symbol,
      fact.description,
      currency,
      exchangeId,
      underlying.uic,
      underlying.assetType,
      multiLeg ? 1 : 0,
      rank,
      JSON.stringify(details),
    );
    this.search.write({
      rank,
      summaryType: 'ContractOptionRoot',
      identifier: rootId,
      assetType: fact.assetType,
      symbol,
      description: fact.description,
      exchangeId,
      isComplex: true,
      visible: true,
      multiLeg,
      summary: {
        AssetType: fact.assetType,
        CanParticipateInMultiLegOrder: multiLeg,
        CurrencyCode: currency,
        Description: fact.description,
        ExchangeId: exchangeId,
        GroupId: 0,
        GroupOptionRootId: rootId,
        Identifier: rootId,
        SummaryType: 'ContractOptionRoot',
        Symbol: symbol,
        TradableAs: [fact.assetType],
        UnderlyingAssetType: underlying.assetType,
        UnderlyingUic: underlying.uic,
      },
    });
    const key = `${underlying.uic}:${underlying.assetType}`;
    const related = this.rootsByUnderlying.get(key) ?? [];
    related.push({ AssetType: fact.assetType, OptionRootId: rootId, OptionType: 'Standard' });
    this.rootsByUnderlying.set(key, related);

    const asOf = this.context.asOf;
    const underlyingName = fact.description.replace(/ Options$/, '');
    for (const expiry of listExpiries(fact.schedule, exchangeId, asOf)) {
      const contract = futures ? futureFor(futures, expiry) : undefined;
      if (futures && !contract) continue;
      const spot = contract?.price ?? underlying.price;
      const underlyingUic = contract?.uic ?? underlying.uic;
      const years = (expiry.date.getTime() - asOf.getTime()) / YEAR_MS;
      // Strikes were added as the underlying moved: longer-dated chains sit a little off-centre.
      const centre = spot * (1 + (random.next() - 0.5) * 0.06 * Math.min(1, Math.sqrt(years)));
      const strikes = strikeLadder(centre, years, steps, fact.assetType !== 'StockOption');
      const day = isoDate(expiry.date);
      const standard = expiry.kind !== 'Daily' && expiry.kind !== 'Weekly';
      const lastTradeDay =
        fact.lastTradeDayBefore ||
        (standard && fact.assetType === 'StockIndexOption' && fact.mic === 'XCBO' && fact.root !== 'VIX')
          ? addBusinessDays(exchangeId, expiry.date, -1)
          : onOrBefore(exchangeId, expiry.date);
      const [hour, minute] = fact.closeTime.split(':').map(Number) as [number, number];
      const lastTrade = DateTime.fromObject(
        {
          year: lastTradeDay.getUTCFullYear(),
          month: lastTradeDay.getUTCMonth() + 1,
          day: lastTradeDay.getUTCDate(),
          hour,
          minute,
        },
        { zone },
      )
        .toUTC()
        .toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");
      const displayExpiry = standard ? `${day.slice(0, 8)}01` : day;
      this.insertExpiry.run(rootId, day, displayExpiry, lastTrade, underlyingUic);

      const code = `${day.slice(8, 10)}${MONTH_CODES[expiry.date.getUTCMonth()]}${day.slice(2, 4)}`;
      const label = `${underlyingName} ${Number(day.slice(8, 10))} ${MONTH_NAMES[expiry.date.getUTCMonth()]} ${day.slice(0, 4)}`;
      for (const strike of strikes) {
        const strikeText = String(strike);
        for (const putCall of ['Call', 'Put'] as const) {
          const draw = random.next();
          const status = draw < 0.01 ? 'NonTradable' : draw < 0.015 ? 'ReduceOnly' : 'Tradable';
          this.writer.write({
            uic: this.uics.take(),
            assetType: fact.assetType,
            symbol: `${fact.root}/${code}${putCall[0]}${strikeText}:${fact.mic.toLowerCase()}`,
            description: `${label} ${strikeText} ${putCall}`,
            currency,
            exchangeId,
            mic: fact.mic,
            isTradable: status !== 'NonTradable',
            isComplex: true,
            optionRootId: rootId,
            expiry: day,
            strike,
            putCall,
            underlyingUic,
            tradingStatus: status,
          });
        }
      }
    }
  }
}

/** The futures contract an option expiry exercises into: the first listed for its month or later, expiring on or after it. */
function futureFor(futures: FutureContract[], expiry: OptionExpiry): FutureContract | undefined {
  const day = isoDate(expiry.date);
  const month = `${expiry.year}-${String(expiry.month).padStart(2, '0')}`;
  return futures.find(
    (contract) => contract.expiry >= day && contractMonth(contract.symbol, contract.expiry) >= month,
  );
}

/** `yyyy-mm` of a futures contract from its symbol's month code (an August contract can expire in July). */
function contractMonth(symbol: string, expiry: string): string {
  const code = symbol.at(-2)!;
  const month = MONTH_CODES.indexOf(code) + 1;
  const digit = Number(symbol.at(-1));
  const expiryYear = Number(expiry.slice(0, 4));
  let year = expiryYear - (expiryYear % 10) + digit;
  if (year < expiryYear - 1) year += 10;
  return `${year}-${String(month).padStart(2, '0')}`;
}

function findUnderlying(
  db: Database.Database,
  fact: OptionRootFact,
): { underlying: UnderlyingInstrument; futures?: FutureContract[] } {
  const select = (where: string, ...values: string[]) =>
    db
      .prepare(
        `SELECT uic, asset_type AS assetType, price, currency, description AS name FROM instruments WHERE ${where}`,
      )
      .get(...values) as UnderlyingInstrument | undefined;
  const { underlying: spec } = fact;
  let found: UnderlyingInstrument | undefined;
  let futures: FutureContract[] | undefined;
  if (spec.kind === 'index') found = select("asset_type = 'StockIndex' AND symbol = ?", `${spec.symbol}.I`);
  else if (spec.kind === 'stock')
    found = select("asset_type = 'Stock' AND symbol = ?", listingSymbol(spec.ticker, spec.mic));
  else {
    const space = db
      .prepare('SELECT continuous_uic AS uic FROM futures_spaces WHERE base_identifier = ?')
      .get(spec.root) as { uic: number } | undefined;
    if (space) {
      found = select("asset_type = 'ContractFutures' AND uic = ?", String(space.uic));
      futures = db
        .prepare(
          `SELECT e.uic, e.expiry, e.symbol, i.price FROM futures_space_elements e
           JOIN instruments i ON i.uic = e.uic AND i.asset_type = 'ContractFutures' WHERE e.continuous_uic = ? ORDER BY e.expiry`,
        )
        .all(space.uic) as FutureContract[];
    }
  }
  if (!found) throw new Error(`Option root ${fact.root}: underlying not found`);
  return futures ? { underlying: found, futures } : { underlying: found };
}

/** Adds RelatedOptionRootsEnhanced to each underlying's details. */
function linkUnderlyings(db: Database.Database, builder: OptionRootBuilder): void {
  const fragments = DetailFragments.of(db);
  const stored = loadFragments(db);
  const read = db.prepare('SELECT details FROM instruments WHERE uic = ? AND asset_type = ?');
  const write = db.prepare('UPDATE instruments SET details = ? WHERE uic = ? AND asset_type = ?');
  for (const [key, roots] of builder.rootsByUnderlying) {
    const [uic, assetType] = key.split(':') as [string, string];
    const row = read.get(Number(uic), assetType) as { details: string } | undefined;
    if (!row) continue;
    const details = JSON.parse(expandDetails(row.details, stored)) as Record<string, unknown>;
    write.run(
      fragments.compact(sortKeys({ ...details, RelatedOptionRootsEnhanced: roots })),
      Number(uic),
      assetType,
    );
  }
}

export const wellKnownOptionsStep: GenerationStep = {
  name: 'reference:well-known-options',
  run(context) {
    const builder = new OptionRootBuilder(
      context,
      new RankCounter(context.db, SEARCH_TIER.wellKnownOptionRoots),
      UIC_BLOCKS.wellKnownOptions,
    );
    for (const fact of WELL_KNOWN_OPTION_ROOTS) {
      const { underlying, futures } = findUnderlying(context.db, fact);
      builder.build(fact, underlying, futures, true, context.random(`reference:options:${fact.root}`));
    }
    linkUnderlyings(context.db, builder);
  },
};

const OPTIONABLE_MICS = ['XNAS', 'XNYS', 'XETR', 'XAMS', 'XPAR', 'XCSE', 'XSTO', 'XMIL', 'XMAD', 'XSWX'];

export const generatedOptionsStep: GenerationStep = {
  name: 'reference:generated-options',
  run(context) {
    const { db, scale } = context;
    const builder = new OptionRootBuilder(
      context,
      new RankCounter(db, SEARCH_TIER.generated),
      UIC_BLOCKS.generatedOptions,
    );
    const random = context.random('reference:generated-options');
    const stocks = db
      .prepare(
        `SELECT uic, asset_type AS assetType, price, currency, description AS name, symbol, mic FROM instruments
         WHERE asset_type = 'Stock' AND search_rank >= ? AND price >= 5 AND is_tradable = 1
           AND mic IN (${OPTIONABLE_MICS.map(() => '?').join(', ')})
         ORDER BY uic LIMIT ?`,
      )
      .all(
        SEARCH_TIER.generated * 10_000_000,
        ...OPTIONABLE_MICS,
        REFERENCE_SIZES[scale].stockOptionRoots,
      ) as (UnderlyingInstrument & {
      symbol: string;
      mic: string;
    })[];
    for (const stock of stocks) {
      const ticker = stock.symbol.split(':')[0]!;
      const fact: OptionRootFact = {
        root: ticker,
        assetType: 'StockOption',
        description: `${stock.name} Options`,
        currency: stock.currency,
        underlying: { kind: 'stock', ticker, mic: stock.mic },
        ...stockOptionShape(stock.mic),
      };
      builder.build(fact, stock, undefined, random.chance(0.8), random);
    }
    linkUnderlyings(db, builder);
  },
};
