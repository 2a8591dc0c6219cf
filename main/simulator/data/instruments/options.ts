/**
 * Option roots and their specific options. A root (option_roots) carries the wire fields of
 * spec 2.2; each listed expiry (option_expiries) its last trade time and underlying; each
 * strike and side a specific option in `instruments` (no stored details: they are derived
 * from the root's at request time). The underlying instrument lists its roots in
 * RelatedOptionRootsEnhanced. Which expiries and strikes are listed on a day, and the uics of
 * the contracts, come from optionContracts.ts; a roll changes only the expiries that changed.
 */
import type Database from 'better-sqlite3';
import { RankCounter, SEARCH_TIER } from './allocator';
import { DetailFragments, expandDetails, loadFragments } from './detailFragments';
import { listingSymbol } from './equities';
import { exchangeById } from '../reference/exchanges';
import {
  decimalsOf,
  OPTION_STRATEGIES,
  ORDER_TYPES_LIMIT_ONLY,
  orderDistances,
  priceFormat,
  sortKeys,
  standardAmounts,
} from './fields';
import { europeanStockSteps, usStockSteps, type StrikeSteps } from './optionChains';
import {
  contractsOf,
  layOutOptionUics,
  listedExpiries,
  storedOptionUics,
  type ListedExpiry,
  type OptionRootShape,
  type OptionUicLayout,
} from './optionContracts';
import { stockOptionShape, WELL_KNOWN_OPTION_ROOTS, type OptionRootFact } from './optionFacts';
import { InstrumentWriter } from './schema';
import { SearchIndexWriter } from './searchIndex';
import { REFERENCE_SIZES } from './sizes';
import { exchangeIdOf, exchangeSummary, symbolSuffixOf } from '../reference/venues';
import type { GenerationContext, GenerationStep, RollContext } from '../universe';

interface UnderlyingInstrument {
  uic: number;
  assetType: string;
  price: number;
  currency: string;
  name: string;
}

type FutureContract = NonNullable<OptionRootShape['futures']>[number];

/** A root one of the options steps writes: its facts, its underlying, whether it joins multi-leg orders. */
interface RootPlan {
  fact: OptionRootFact;
  underlying: UnderlyingInstrument;
  futures?: FutureContract[];
  multiLeg: boolean;
}

function stepsOf(plan: RootPlan): StrikeSteps {
  const { fact, underlying } = plan;
  return fact.steps === 'us'
    ? usStockSteps(underlying.price)
    : fact.steps === 'european'
      ? europeanStockSteps(underlying.price)
      : fact.steps;
}

function shapeOf(plan: RootPlan, rootId: number, layout: OptionUicLayout): OptionRootShape {
  const exchangeId = exchangeIdOf(plan.fact.mic);
  return {
    rootId,
    fact: plan.fact,
    exchangeId,
    zone: exchangeById(exchangeId).ZoneName,
    steps: stepsOf(plan),
    currency: plan.fact.currency || plan.underlying.currency,
    underlying: { uic: plan.underlying.uic, price: plan.underlying.price },
    ...(plan.futures ? { futures: plan.futures } : {}),
    layout,
  };
}

/** Writes roots, their listed expiries and their specific options; removes expiries a roll delists. */
class OptionRootWriter {
  private readonly writer: InstrumentWriter;
  private readonly insertRoot: Database.Statement;
  private readonly search: SearchIndexWriter;
  private readonly insertExpiry: Database.Statement;
  private readonly deleteExpiry: Database.Statement;
  private readonly deleteContracts: Database.Statement;
  readonly rootsByUnderlying = new Map<
    string,
    { AssetType: string; OptionRootId: number; OptionType: string }[]
  >();

  constructor(private readonly context: GenerationContext) {
    const { db } = context;
    this.writer = new InstrumentWriter(db);
    this.search = new SearchIndexWriter(db);
    this.insertRoot = db.prepare(
      `INSERT INTO option_roots (option_root_id, asset_type, symbol, description, currency, exchange_id, underlying_uic,
         underlying_asset_type, can_multi_leg, search_rank, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertExpiry = db.prepare(
      `INSERT OR REPLACE INTO option_expiries (option_root_id, expiry, display_expiry, last_trade, underlying_uic, kind, strike_tiers)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteExpiry = db.prepare('DELETE FROM option_expiries WHERE option_root_id = ? AND expiry = ?');
    this.deleteContracts = db.prepare('DELETE FROM instruments WHERE option_root_id = ? AND expiry = ?');
  }

  /** Writes one root (its row and search entry) and lays out its uics. */
  writeRoot(plan: RootPlan, rank: number): OptionRootShape {
    const { fact, underlying, multiLeg } = plan;
    const { db } = this.context;
    const rootId =
      ((db.prepare('SELECT max(option_root_id) FROM option_roots').pluck().get() as number | null) ?? 0) + 1;
    const shape = shapeOf(plan, rootId, layOutOptionUics(db, rootId, fact, stepsOf(plan), underlying.price));
    const { exchangeId, steps, currency } = shape;
    const symbol = `${fact.root}:${symbolSuffixOf(fact.mic)}`;
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
    related.push({
      AssetType: fact.assetType,
      OptionRootId: rootId,
      OptionType: fact.optionType ?? 'Standard',
    });
    this.rootsByUnderlying.set(key, related);
    return shape;
  }

  /** Writes one listed expiry and its specific options (replacing what the expiry had). */
  writeExpiry(shape: OptionRootShape, expiry: ListedExpiry, replacing: boolean): void {
    if (replacing) this.removeExpiry(shape.rootId, expiry.day);
    this.insertExpiry.run(
      shape.rootId,
      expiry.day,
      expiry.displayExpiry,
      expiry.lastTrade,
      expiry.underlyingUic,
      expiry.kind,
      expiry.tiers.join(','),
    );
    for (const row of contractsOf(shape, expiry, this.context.random)) this.writer.write(row);
  }

  /** Removes an expiry and its specific options (it expired, or its strikes change). */
  removeExpiry(rootId: number, day: string): void {
    this.deleteContracts.run(rootId, day);
    this.deleteExpiry.run(rootId, day);
  }
}

interface StoredExpiry {
  expiry: string;
  display_expiry: string;
  last_trade: string;
  underlying_uic: number;
  kind: string;
  strike_tiers: string;
}

/** Writes the roots of `plans` with everything they list on the day, and links them to their underlyings. */
function writeRoots(context: GenerationContext, plans: RootPlan[], ranks: RankCounter): void {
  const writer = new OptionRootWriter(context);
  plans.forEach((plan, index) => {
    const shape = writer.writeRoot(plan, ranks.take());
    for (const expiry of listedExpiries(shape, context.asOf)) writer.writeExpiry(shape, expiry, false);
    context.advance(index + 1, plans.length);
  });
  linkUnderlyings(context.db, writer);
}

/**
 * Moves the roots of `plans` to the roll's day: expired expiries leave with their options, new
 * ones list, and an expiry whose strikes (tiers) or underlying contract changed is written again.
 */
function rollRoots(context: RollContext, plans: RootPlan[]): void {
  const { db } = context;
  const writer = new OptionRootWriter(context);
  const rootIds = new Map(
    (
      db.prepare('SELECT option_root_id AS id, symbol, underlying_uic AS uic FROM option_roots').all() as {
        id: number;
        symbol: string;
        uic: number;
      }[]
    ).map((root) => [`${root.symbol}|${root.uic}`, root.id]),
  );
  const storedOf = db.prepare(
    'SELECT expiry, display_expiry, last_trade, underlying_uic, kind, strike_tiers FROM option_expiries WHERE option_root_id = ?',
  );
  plans.forEach((plan, index) => {
    const rootId = rootIds.get(`${plan.fact.root}:${symbolSuffixOf(plan.fact.mic)}|${plan.underlying.uic}`);
    if (rootId === undefined)
      throw new Error(`Option root ${plan.fact.root} is missing from the cached universe`);
    const shape = shapeOf(plan, rootId, storedOptionUics(db, rootId));
    const stored = new Map((storedOf.all(rootId) as StoredExpiry[]).map((row) => [row.expiry, row]));
    for (const expiry of listedExpiries(shape, context.asOf)) {
      const before = stored.get(expiry.day);
      stored.delete(expiry.day);
      const same =
        before &&
        before.display_expiry === expiry.displayExpiry &&
        before.last_trade === expiry.lastTrade &&
        before.underlying_uic === expiry.underlyingUic &&
        before.kind === expiry.kind &&
        before.strike_tiers === expiry.tiers.join(',');
      if (!same) writer.writeExpiry(shape, expiry, before !== undefined);
    }
    for (const day of stored.keys()) writer.removeExpiry(rootId, day);
    context.advance(index + 1, plans.length);
  });
}

function findUnderlying(db: Database.Database, fact: OptionRootFact): Omit<RootPlan, 'multiLeg' | 'fact'> {
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

/**
 * Adds RelatedOptionRootsEnhanced to each underlying's details, and to each root's own (the
 * platform's option space lists the roots of its underlying, itself included: SPX and SPXW).
 */
function linkUnderlyings(db: Database.Database, writer: OptionRootWriter): void {
  const fragments = DetailFragments.of(db);
  const stored = loadFragments(db);
  const read = db.prepare('SELECT details FROM instruments WHERE uic = ? AND asset_type = ?');
  const write = db.prepare('UPDATE instruments SET details = ? WHERE uic = ? AND asset_type = ?');
  const readRoot = db.prepare('SELECT details FROM option_roots WHERE option_root_id = ?').pluck();
  const writeRoot = db.prepare('UPDATE option_roots SET details = ? WHERE option_root_id = ?');
  for (const [key, roots] of writer.rootsByUnderlying) {
    for (const root of roots) {
      const details = JSON.parse(readRoot.get(root.OptionRootId) as string) as Record<string, unknown>;
      writeRoot.run(
        JSON.stringify(sortKeys({ ...details, RelatedOptionRootsEnhanced: roots })),
        root.OptionRootId,
      );
    }
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

/** The well-known roots (universe-facts §5), the same at every scale. */
function wellKnownPlans(db: Database.Database): RootPlan[] {
  return WELL_KNOWN_OPTION_ROOTS.map((fact) => ({ fact, ...findUnderlying(db, fact), multiLeg: true }));
}

export const wellKnownOptionsStep: GenerationStep = {
  name: 'reference:well-known-options',
  run(context) {
    writeRoots(
      context,
      wellKnownPlans(context.db),
      new RankCounter(context.db, SEARCH_TIER.wellKnownOptionRoots),
    );
  },
  roll(context) {
    rollRoots(context, wellKnownPlans(context.db));
  },
  expectedMs: { small: 500, default: 500, large: 500 },
};

const OPTIONABLE_MICS = ['XNAS', 'XNYS', 'XETR', 'XAMS', 'XPAR', 'XCSE', 'XSTO', 'XMIL', 'XMAD', 'XSWX'];

/** Roots on the first generated shares of the optionable exchanges (their number set by the scale). */
interface OptionableStock extends UnderlyingInstrument {
  symbol: string;
  mic: string;
}

/** The root on a generated share. */
function planOf(stock: OptionableStock, multiLeg: boolean): RootPlan {
  const ticker = stock.symbol.split(':')[0]!;
  const fact: OptionRootFact = {
    root: ticker,
    assetType: 'StockOption',
    description: `${stock.name} Options`,
    currency: stock.currency,
    underlying: { kind: 'stock', ticker, mic: stock.mic },
    ...stockOptionShape(stock.mic),
  };
  return { fact, underlying: stock, multiLeg };
}

/** The roots on generated shares as a universe holds them (what generatedPlans chose when it was generated). */
function storedGeneratedPlans(db: Database.Database): RootPlan[] {
  const rows = db
    .prepare(
      `SELECT i.uic, i.asset_type AS assetType, i.price, i.currency, i.description AS name, i.symbol, i.mic, r.can_multi_leg AS multiLeg
       FROM option_roots r JOIN instruments i ON i.uic = r.underlying_uic AND i.asset_type = r.underlying_asset_type
       WHERE r.option_root_id > ? ORDER BY r.option_root_id`,
    )
    .all(WELL_KNOWN_OPTION_ROOTS.length) as (OptionableStock & { multiLeg: number })[];
  return rows.map(({ multiLeg, ...stock }) => planOf(stock, multiLeg === 1));
}

function generatedPlans(context: GenerationContext): RootPlan[] {
  const { db, scale } = context;
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
    ) as OptionableStock[];
  return stocks.map((stock) => planOf(stock, random.chance(0.8)));
}

export const generatedOptionsStep: GenerationStep = {
  name: 'reference:generated-options',
  run(context) {
    writeRoots(context, generatedPlans(context), new RankCounter(context.db, SEARCH_TIER.generated));
  },
  roll(context) {
    rollRoots(context, storedGeneratedPlans(context.db));
  },
  expectedMs: { small: 30, default: 400, large: 3300 },
};
