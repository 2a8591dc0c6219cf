/**
 * The specific options of a root on a given day: which expiries are listed, which strikes each
 * has, and each contract's uic, all from the root, the expiry and the day alone, so a universe
 * rolled to a day lists exactly what one generated for that day lists, with the same uics.
 *
 * Strikes: an expiry lists the ladder of its time to expiry when it is first listed, and as it
 * comes closer it gains the finer ladders of the nearer tiers (under a year, under 0.1 year);
 * strikes once listed stay until expiry, as on the exchanges. The random parts (the ladder's
 * centre, each contract's trading status) come from streams named after the root and expiry.
 *
 * Uics: each root owns a block of uics laid out by expiry slot (day, or week for roots whose
 * expiries fall at most once a week, cycling every ten years) × strike slot (strike ÷ the root's
 * strike unit) × call/put, so a contract has the same uic every day it is listed.
 */
import type Database from 'better-sqlite3';
import { wallClockToEpoch } from '../../calendar/zoneOffsets';
import { addBusinessDays, onOrBefore } from './expiryRules';
import { isoDate } from './fields';
import { MONTH_CODES } from './futuresFacts';
import {
  listExpiries,
  strikeLadder,
  type ExpiryKind,
  type ExpirySchedule,
  type OptionExpiry,
  type StrikeSteps,
} from './optionChains';
import type { OptionRootFact } from './optionFacts';
import { symbolSuffixOf } from '../reference/venues';
import type { InstrumentRow } from './schema';
import type { RandomStream } from '../random';

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Strike tiers by time to expiry: a year or more, under a year, under 0.1 year. */
export type StrikeTier = 'long' | 'mid' | 'near';
const TIERS: readonly StrikeTier[] = ['long', 'mid', 'near'];
/** The time to expiry (years) each tier's ladder is drawn for. */
const TIER_YEARS: Record<StrikeTier, number> = { long: 1.25, mid: 0.3, near: 0.04 };

function tierOf(years: number): StrikeTier {
  return years >= 1 ? 'long' : years >= 0.1 ? 'mid' : 'near';
}

/** How far ahead (years) a root lists expiries of a kind: the time to expiry they are first listed with. */
function listingYears(kind: ExpiryKind, schedule: ExpirySchedule): number {
  switch (kind) {
    case 'Daily':
      return (schedule.dailyDays ?? 1) / 365.25;
    case 'Weekly':
      return ((schedule.weeklyWeeks ?? 1) * 7) / 365.25;
    case 'EndOfMonth':
      return ((schedule.endOfMonthMonths ?? 0) + 1) / 12;
    case 'Monthly':
      return (schedule.monthlyMonths + 1) / 12;
    case 'Quarterly':
      return ((schedule.quarterlyMonths ?? 0) + 1) / 12;
    case 'LongDated':
      return (schedule.longDatedYears ?? 0) + 1;
  }
}

/** The tiers an expiry of `kind` has `years` before it: from its listing tier down to the current one. */
export function strikeTiers(kind: ExpiryKind, schedule: ExpirySchedule, years: number): StrikeTier[] {
  const first = TIERS.indexOf(tierOf(listingYears(kind, schedule)));
  const last = TIERS.indexOf(tierOf(years));
  return TIERS.slice(Math.min(first, last), Math.max(first, last) + 1);
}

/** Where a root's specific option uics live. */
export interface OptionUicLayout {
  base: number;
  /** Every strike of the root is a whole multiple of it. */
  unit: number;
  strikeSlots: number;
  expirySlots: number;
  /** Expiry slots are weeks (Saturday to Friday) rather than days. */
  byWeek: boolean;
}

/** Uics of specific options: after the futures CFDs, up to the largest uic the wire allows. */
export const OPTION_UICS = { first: 200_000_000, last: 2_147_483_647 } as const;
/** A uic names one contract for ten years: expiry slots cycle over ten years of days or weeks. */
const DAY_SLOTS = 3653;
const WEEK_SLOTS = 522;
/** 1970-01-03, a Saturday: weeks counted from it run Saturday to Friday. */
const FIRST_SATURDAY = 2;

export const OPTION_UIC_SCHEMA = `
CREATE TABLE option_root_uics (
  option_root_id INTEGER PRIMARY KEY,
  base INTEGER NOT NULL,
  unit REAL NOT NULL,
  strike_slots INTEGER NOT NULL,
  expiry_slots INTEGER NOT NULL,
  by_week INTEGER NOT NULL
);`;

/** The largest whole step dividing every strike step (steps such as 2.5 and 1 give 0.5). */
function strikeUnit(steps: StrikeSteps): number {
  const scaled = [steps.near, steps.mid, steps.far].map((step) => Math.round(step * 1e6));
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return scaled.reduce(gcd) / 1e6;
}

/**
 * Lays out the uics of a new root after the roots laid out before it: enough strike slots for
 * the widest ladder its spot can give, enough expiry slots for ten years.
 */
export function layOutOptionUics(
  db: Database.Database,
  rootId: number,
  fact: OptionRootFact,
  steps: StrikeSteps,
  spot: number,
): OptionUicLayout {
  const unit = strikeUnit(steps);
  const index = fact.assetType !== 'StockOption';
  const root = Math.sqrt(TIER_YEARS.long);
  // The top of the long tier's coarse range with the centre at its highest, plus a coarse step.
  const highest = spot * 1.03 * (index ? 1.3 + 0.3 * root : 1.5 + 0.5 * root) + steps.far * 4;
  const strikeSlots = Math.ceil(highest / unit) + 1;
  // End-of-month expiries can share a week with a Friday weekly: those roots need day slots.
  const byWeek =
    !fact.schedule.dailyDays &&
    !fact.schedule.endOfMonthMonths &&
    (fact.schedule.rule === 'thirdFriday' || fact.schedule.rule === 'secondFriday');
  const expirySlots = byWeek ? WEEK_SLOTS : DAY_SLOTS;
  const top = db
    .prepare('SELECT max(base + strike_slots * expiry_slots * 2) FROM option_root_uics')
    .pluck()
    .get() as number | null;
  const base = top ?? OPTION_UICS.first;
  if (base + strikeSlots * expirySlots * 2 - 1 > OPTION_UICS.last)
    throw new Error(
      `No room for the option uics of root ${fact.root}: the specific options' uic range is full`,
    );
  db.prepare('INSERT INTO option_root_uics VALUES (?, ?, ?, ?, ?, ?)').run(
    rootId,
    base,
    unit,
    strikeSlots,
    expirySlots,
    byWeek ? 1 : 0,
  );
  return { base, unit, strikeSlots, expirySlots, byWeek };
}

/** The statement reading a root's layout, per connection: a roll reads it for every root, and preparing it each time cost 40 ms of one. */
const layoutSelects = new WeakMap<Database.Database, Database.Statement>();

/** The layout stored for a root. */
export function storedOptionUics(db: Database.Database, rootId: number): OptionUicLayout {
  let select = layoutSelects.get(db);
  if (!select)
    layoutSelects.set(
      db,
      (select = db.prepare(
        'SELECT base, unit, strike_slots, expiry_slots, by_week FROM option_root_uics WHERE option_root_id = ?',
      )),
    );
  const row = select.get(rootId) as
    { base: number; unit: number; strike_slots: number; expiry_slots: number; by_week: number } | undefined;
  if (!row) throw new Error(`Option root ${rootId} has no uic layout`);
  return {
    base: row.base,
    unit: row.unit,
    strikeSlots: row.strike_slots,
    expirySlots: row.expiry_slots,
    byWeek: row.by_week === 1,
  };
}

/** The uic of one specific option. */
export function optionUic(
  layout: OptionUicLayout,
  expiry: Date,
  strike: number,
  putCall: 'Call' | 'Put',
): number {
  const dayNumber = Math.floor(expiry.getTime() / DAY_MS);
  const expirySlot =
    (layout.byWeek ? Math.floor((dayNumber - FIRST_SATURDAY) / 7) : dayNumber) % layout.expirySlots;
  const strikeSlot = Math.round(strike / layout.unit);
  if (strikeSlot >= layout.strikeSlots) throw new Error(`Strike ${strike} lies beyond its root's uic slots`);
  return layout.base + (expirySlot * layout.strikeSlots + strikeSlot) * 2 + (putCall === 'Put' ? 1 : 0);
}

/** What the contracts of a root are made of. */
export interface OptionRootShape {
  rootId: number;
  fact: OptionRootFact;
  exchangeId: string;
  zone: string;
  steps: StrikeSteps;
  currency: string;
  underlying: { uic: number; price: number };
  /** Futures options: the contracts of the futures the root's options exercise into. */
  futures?: { uic: number; expiry: string; symbol: string; price: number }[];
  layout: OptionUicLayout;
}

/** One expiry a root lists on a day: its `option_expiries` row and what its strikes depend on. */
export interface ListedExpiry {
  date: Date;
  day: string;
  kind: ExpiryKind;
  displayExpiry: string;
  lastTrade: string;
  underlyingUic: number;
  spot: number;
  tiers: StrikeTier[];
}

/** The futures contract an option expiry exercises into: the first listed for its month or later, expiring on or after it. */
function futureFor(
  futures: NonNullable<OptionRootShape['futures']>,
  date: Date,
  year: number,
  month: number,
) {
  const day = isoDate(date);
  const wanted = `${year}-${String(month).padStart(2, '0')}`;
  return futures.find(
    (contract) => contract.expiry >= day && contractMonth(contract.symbol, contract.expiry) >= wanted,
  );
}

/** `yyyy-mm` of a futures contract from its symbol's month code (an August contract can expire in July). */
function contractMonth(symbol: string, expiry: string): string {
  const month = MONTH_CODES.indexOf(symbol.at(-2)!) + 1;
  const digit = Number(symbol.at(-1));
  const expiryYear = Number(expiry.slice(0, 4));
  let year = expiryYear - (expiryYear % 10) + digit;
  if (year < expiryYear - 1) year += 10;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Roots of one exchange share their schedule (every US stock root): its expiries are worked out once per day. */
const expiryLists = new WeakMap<ExpirySchedule, Map<string, readonly OptionExpiry[]>>();

function expiriesOf(schedule: ExpirySchedule, exchangeId: string, asOf: Date): readonly OptionExpiry[] {
  let lists = expiryLists.get(schedule);
  if (!lists) expiryLists.set(schedule, (lists = new Map()));
  const key = `${exchangeId}|${asOf.getTime()}`;
  let list = lists.get(key);
  if (!list) {
    // A day's lists are kept while the day is being written; others are let go.
    if (lists.size > 8) lists.clear();
    lists.set(key, (list = listExpiries(schedule, exchangeId, asOf)));
  }
  return list;
}

/** Last trade instants by zone, day and local time: the same few for every root of an exchange. */
const lastTrades = new Map<string, string>();

function lastTradeOf(zone: string, day: Date, closeTime: string): string {
  const key = `${zone}|${day.getTime()}|${closeTime}`;
  let instant = lastTrades.get(key);
  if (instant === undefined) {
    const [hour, minute] = closeTime.split(':').map(Number) as [number, number];
    // Not luxon's DateTime.fromObject: it asks ICU for the zone's offset on every call, and a
    // roll meets thousands of new expiries (its listedExpiries took 71 ms, 32 of them luxon).
    const wallClock = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
    instant = `${new Date(wallClockToEpoch(zone, wallClock)).toISOString().slice(0, 19)}Z`;
    if (lastTrades.size > 50_000) lastTrades.clear();
    lastTrades.set(key, instant);
  }
  return instant;
}

/** The expiries a root lists on `asOf`, in date order. */
export function listedExpiries(root: OptionRootShape, asOf: Date): ListedExpiry[] {
  const { fact, exchangeId } = root;
  const listed: ListedExpiry[] = [];
  for (const expiry of expiriesOf(fact.schedule, exchangeId, asOf)) {
    const contract = root.futures
      ? futureFor(root.futures, expiry.date, expiry.year, expiry.month)
      : undefined;
    if (root.futures && !contract) continue;
    const day = isoDate(expiry.date);
    const standard = expiry.kind !== 'Daily' && expiry.kind !== 'Weekly' && expiry.kind !== 'EndOfMonth';
    const amSettled = standard && fact.amSettled === true;
    const lastTradeDay =
      fact.lastTradeDayBefore || amSettled
        ? addBusinessDays(exchangeId, expiry.date, -1)
        : onOrBefore(exchangeId, expiry.date);
    const lastTrade = lastTradeOf(root.zone, lastTradeDay, fact.closeTime);
    listed.push({
      date: expiry.date,
      day,
      kind: expiry.kind,
      displayExpiry: standard ? `${day.slice(0, 8)}01` : day,
      lastTrade,
      underlyingUic: contract?.uic ?? root.underlying.uic,
      spot: contract?.price ?? root.underlying.price,
      tiers: strikeTiers(expiry.kind, fact.schedule, (expiry.date.getTime() - asOf.getTime()) / YEAR_MS),
    });
  }
  return listed;
}

/**
 * The specific options of one listed expiry, by strike, calls before puts. `random` gives the
 * stream of a name; the names are the root's and the expiry's, never the day's.
 */
export function contractsOf(
  root: OptionRootShape,
  expiry: ListedExpiry,
  random: (name: string) => RandomStream,
): InstrumentRow[] {
  const { fact, layout } = root;
  const stream = `options:${root.rootId}:${expiry.day}`;
  // Strikes were added as the underlying moved: longer-dated chains sit a little off-centre.
  const firstYears = TIER_YEARS[expiry.tiers[0]!];
  const centre =
    expiry.spot * (1 + (random(stream).next() - 0.5) * 0.06 * Math.min(1, Math.sqrt(firstYears)));
  const statuses = new Map<string, string>();
  for (const tier of expiry.tiers) {
    const draws = random(`${stream}:${tier}`);
    for (const strike of strikeLadder(
      centre,
      TIER_YEARS[tier],
      root.steps,
      fact.assetType !== 'StockOption',
    )) {
      for (const putCall of ['Call', 'Put'] as const) {
        const draw = draws.next();
        const key = `${strike}|${putCall}`;
        // A strike listed in an earlier tier keeps the status it was listed with.
        if (!statuses.has(key))
          statuses.set(key, draw < 0.01 ? 'NonTradable' : draw < 0.015 ? 'ReduceOnly' : 'Tradable');
      }
    }
  }
  const strikes = [...new Set([...statuses.keys()].map((key) => Number(key.split('|')[0])))].sort(
    (a, b) => a - b,
  );
  const month = expiry.date.getUTCMonth();
  const code = `${expiry.day.slice(8, 10)}${MONTH_CODES[month]}${expiry.day.slice(2, 4)}`;
  // `S&P 500 Index Options (PM-settled, weeklies)` names the S&P 500 Index.
  const underlyingName = fact.description.replace(/ Options( \(.*\))?$/, '');
  const label = `${underlyingName} ${Number(expiry.day.slice(8, 10))} ${MONTH_NAMES[month]} ${expiry.day.slice(0, 4)}`;
  const rows: InstrumentRow[] = [];
  for (const strike of strikes) {
    const strikeText = String(strike);
    for (const putCall of ['Call', 'Put'] as const) {
      const status = statuses.get(`${strike}|${putCall}`)!;
      rows.push({
        uic: optionUic(layout, expiry.date, strike, putCall),
        assetType: fact.assetType,
        symbol: `${fact.root}/${code}${putCall[0]}${strikeText}:${symbolSuffixOf(fact.mic)}`,
        description: `${label} ${strikeText} ${putCall}`,
        currency: root.currency,
        exchangeId: root.exchangeId,
        mic: fact.mic,
        isTradable: status !== 'NonTradable',
        isComplex: true,
        optionRootId: root.rootId,
        expiry: expiry.day,
        strike,
        putCall,
        underlyingUic: expiry.underlyingUic,
        tradingStatus: status,
      });
    }
  }
  return rows;
}
