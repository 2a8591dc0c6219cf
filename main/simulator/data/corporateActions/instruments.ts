/**
 * The instruments that have corporate actions: the universe's shares and bonds (read from the
 * reference data's `instruments` table), a scale-dependent share of them, with the traits the
 * event builders need (a price level, a bond's coupon and maturity).
 */
import type Database from 'better-sqlite3';
import { randomStream } from '../random';
import type { Scale } from '../universe';
import { descriptionKey } from './descriptionRanks';
import type { EventInstrument } from './draft';
import { MarketDays, marketRuleFor } from './markets';

/** Share of generated shares and bonds with events, per scale (well-known listings always have them). */
const SELECTED: Record<Scale, { shares: number; bonds: number }> = {
  small: { shares: 0.5, bonds: 1 },
  default: { shares: 0.04, bonds: 0.12 },
  large: { shares: 0.17, bonds: 0.08 },
};
/** The first shares by uic are the well-known listings (the reference data lays them out first). */
const ALWAYS_SELECTED_SHARES = 120;

/** Price levels of currencies whose shares quote in large numbers. */
const PRICE_MULTIPLIER: Record<string, number> = {
  JPY: 100,
  KRW: 1000,
  INR: 50,
  HKD: 5,
  TWD: 20,
  ZAR: 15,
  SEK: 8,
  NOK: 8,
  DKK: 6,
  BRL: 4,
};

interface InstrumentRow {
  uic: number;
  asset_type: 'Stock' | 'Bond';
  symbol: string;
  description: string;
  isin: string | null;
  currency: string;
  exchange_id: string | null;
}

/** A stable number in [0, 1) for a name under a seed (cheaper than a stream for a yes/no draw). */
function unitHash(seed: number, name: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 12), 0x297a2d39) >>> 0;
  return ((hash ^ (hash >>> 15)) >>> 0) / 4_294_967_296;
}

/** Coupon (percent) and maturity from a bond description such as "Bund 2.5% 2037-02-15". */
function bondTerms(description: string, seed: number, stableKey: string): { coupon: number; maturity: Date } {
  const coupon = /(\d+(?:\.\d+)?)\s*%/.exec(description);
  const maturity = /(\d{4})-(\d{2})-(\d{2})/.exec(description);
  const random = randomStream(seed, `ca:${stableKey}:terms`);
  return {
    coupon: coupon ? Number(coupon[1]) : Math.round((2 + random.next() * 4) * 8) / 8,
    maturity: maturity
      ? new Date(Date.UTC(Number(maturity[1]), Number(maturity[2]) - 1, Number(maturity[3])))
      : new Date(Date.UTC(2027 + random.int(0, 15), random.int(0, 11), random.int(1, 28))),
  };
}

/** Where in the year before they show an instrument's next year of slots is registered (coverage.ts). */
export function coverageBucket(instrument: Pick<EventInstrument, 'stableKey'>): number {
  return unitHash(0, `coverage:${instrument.stableKey}`);
}

/**
 * Identity of an instrument with events that holds from day to day: a bond's symbol names its
 * maturity, which moves on as the days pass, so a bond is known by its ISIN alone.
 */
function stableKeyOf(row: InstrumentRow): string {
  return row.asset_type === 'Bond'
    ? `Bond:${row.isin ?? row.symbol}`
    : `Stock:${row.isin ?? ''}:${row.symbol}`;
}

/**
 * The shares and bonds with events, in a stable order (shares, then bonds, by uic), numbered
 * from 1. Rows are read one by one by key (the type index lists the keys), which spares
 * reading every instrument's details column.
 */
export function loadEventInstruments(db: Database.Database, seed: number, scale: Scale): EventInstrument[] {
  const keysOf = db.prepare('SELECT uic FROM instruments WHERE asset_type = ? ORDER BY uic').pluck();
  const rowOf = db.prepare(
    'SELECT uic, asset_type, symbol, description, isin, currency, exchange_id FROM instruments WHERE uic = ? AND asset_type = ?',
  );
  const share = SELECTED[scale];
  const selected: EventInstrument[] = [];
  const codesTaken = new Set<number>();
  for (const assetType of ['Stock', 'Bond'] as const) {
    const uics = keysOf.all(assetType) as number[];
    uics.forEach((uic, index) => {
      const wellKnown = assetType === 'Stock' && index < ALWAYS_SELECTED_SHARES;
      const row = rowOf.get(uic, assetType) as InstrumentRow;
      const stableKey = stableKeyOf(row);
      if (!wellKnown && unitHash(seed, stableKey) >= (assetType === 'Bond' ? share.bonds : share.shares))
        return;
      // Two keys with the same hash: the later one takes the next free code.
      let stableCode = Math.floor(unitHash(0, stableKey) * 4_294_967_296);
      while (codesTaken.has(stableCode)) stableCode = (stableCode + 1) % 4_294_967_296;
      codesTaken.add(stableCode);
      selected.push(eventInstrument(row, selected.length + 1, seed, stableKey, stableCode));
    });
  }
  return selected;
}

export const EVENT_INSTRUMENT_KEYS_SCHEMA = `
CREATE TABLE ca_instrument_keys (
  instrument_id INTEGER PRIMARY KEY,
  stable_key TEXT NOT NULL,
  stable_code INTEGER NOT NULL,
  description_key TEXT NOT NULL
);
CREATE INDEX ca_instrument_keys_by_description ON ca_instrument_keys (description_key, instrument_id);`;

/** Keeps the identity of each instrument with events, so a roll can rebuild any of them alone. */
export function saveEventInstrumentKeys(
  db: Database.Database,
  instruments: readonly EventInstrument[],
): void {
  const insert = db.prepare('INSERT INTO ca_instrument_keys VALUES (?, ?, ?, ?)');
  for (const instrument of instruments)
    insert.run(
      instrument.instrumentId,
      instrument.stableKey,
      instrument.stableCode,
      descriptionKey(instrument.description),
    );
}

/** The instruments with events of a finished universe, read one by one as a roll needs them. */
export class EventInstrumentStore {
  private readonly cache = new Map<number, EventInstrument>();
  private readonly select: Database.Statement;
  /** The shares are the first instruments, numbered from 1. */
  readonly shareCount: number;

  constructor(
    db: Database.Database,
    private readonly seed: number,
  ) {
    this.select = db.prepare(
      `SELECT i.uic, i.asset_type, i.symbol, i.description, i.isin, i.currency, i.exchange_id, k.stable_key, k.stable_code
       FROM ca_instrument_keys k JOIN ca_instruments c ON c.instrument_id = k.instrument_id
       JOIN instruments i ON i.uic = c.uic AND i.asset_type = c.asset_type WHERE k.instrument_id = ?`,
    );
    this.shareCount = db
      .prepare("SELECT count(*) FROM ca_instruments WHERE asset_type = 'Stock'")
      .pluck()
      .get() as number;
  }

  /** The instrument numbered `instrumentId`, as the reference data describes it today. */
  get(instrumentId: number): EventInstrument {
    let instrument = this.cache.get(instrumentId);
    if (!instrument) {
      const row = this.select.get(instrumentId) as
        (InstrumentRow & { stable_key: string; stable_code: number }) | undefined;
      if (!row) throw new Error(`No instrument with events numbered ${instrumentId}`);
      instrument = eventInstrument(row, instrumentId, this.seed, row.stable_key, row.stable_code);
      this.cache.set(instrumentId, instrument);
    }
    return instrument;
  }
}

function eventInstrument(
  row: InstrumentRow,
  instrumentId: number,
  seed: number,
  stableKey: string,
  stableCode: number,
): EventInstrument {
  const isBond = row.asset_type === 'Bond';
  const rule = marketRuleFor(row.exchange_id, row.isin);
  const priceRandom = randomStream(seed, `ca:${stableKey}:price`);
  const price =
    Math.round((8 + priceRandom.next() ** 2 * 300) * (PRICE_MULTIPLIER[row.currency] ?? 1) * 100) / 100;
  return {
    instrumentId,
    stableKey,
    stableCode,
    uic: row.uic,
    assetType: row.asset_type,
    symbol: row.symbol,
    description: row.description,
    isin: row.isin,
    currency: row.currency,
    rule,
    days: new MarketDays(rule),
    price: isBond ? 100 : price,
    ...(isBond ? bondTerms(row.description, seed, stableKey) : {}),
  };
}
