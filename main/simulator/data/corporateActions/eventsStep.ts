/**
 * Generation step of the corporate action events: for every share and bond with events, its
 * event slots of the years around the universe's day (slotEvents.ts), each built by its type's
 * builder, shown with its lifecycle and holdings as of the day when the day shows it, and kept
 * with the days on which it can change. A roll rewrites only the slots whose change days it
 * passes, the years that enter or leave the window, and the bonds whose maturity moved on.
 */
import type Database from 'better-sqlite3';
import type { GenerationContext, GenerationStep, RollContext } from '../universe';
import { indexAccounts } from './accountPools';
import { coveredYears, dayNumberOf } from './coverage';
import { descriptionKey, moveDescriptions, rankDescriptions } from './descriptionRanks';
import type { EventInstrument } from './draft';
import {
  coverageBucket,
  EVENT_INSTRUMENT_KEYS_SCHEMA,
  EventInstrumentStore,
  loadEventInstruments,
  saveEventInstrumentKeys,
} from './instruments';
import type { EventSlot } from './plan';
import { SlotEvents } from './slotEvents';
import { EVENTS_SCHEMA, EventWriter } from './store';

function yearsOf(range: { from: number; to: number }): number[] {
  const years: number[] = [];
  for (let year = range.from; year <= range.to; year++) years.push(year);
  return years;
}

/** Creates the event tables and writes every slot of every instrument with events. */
function generate(context: GenerationContext): void {
  const { db, seed, scale, asOf } = context;
  db.exec(EVENTS_SCHEMA);
  db.exec(EVENT_INSTRUMENT_KEYS_SCHEMA);
  const instruments = loadEventInstruments(db, seed, scale);
  const shares = instruments.filter((i) => i.assetType === 'Stock');
  saveEventInstrumentKeys(db, instruments);
  const ranks = rankDescriptions(db);
  const insertInstrument = db.prepare('INSERT INTO ca_instruments VALUES (?, ?, ?, ?)');
  for (const i of instruments)
    insertInstrument.run(i.instrumentId, i.uic, i.assetType, ranks.get(i.instrumentId)!);
  const writer = new EventWriter(db, true);
  const slots = new SlotEvents({
    seed,
    scale,
    accounts: indexAccounts(db, true),
    writer,
    share: (index) => shares[index]!,
    shareCount: shares.length,
    descRank: (instrument) => ranks.get(instrument.instrumentId)!,
  });
  // In event-id order (an instrument's ids follow its stable code): the events and their
  // holdings are appended to their tables rather than inserted all over them.
  const inIdOrder = [...instruments].sort((a, b) => a.stableCode - b.stableCode);
  inIdOrder.forEach((instrument, index) => {
    for (const year of yearsOf(coveredYears(asOf, coverageBucket(instrument))))
      for (const slot of slots.slotsOf(instrument, year)) slots.write(instrument, year, slot, asOf);
    context.advance(index + 1, instruments.length);
  });
  writer.finish();
}

/**
 * The instruments with events the reference steps' roll wrote again (a bond's next issue has
 * another maturity, so another description and symbol): their description rank is brought up
 * to date. Returns their numbers.
 */
function refreshRolledInstruments(db: Database.Database): Set<number> {
  const rolled = db
    .prepare(
      `SELECT c.instrument_id AS instrumentId, i.description
       FROM rolled_instruments r JOIN ca_instruments c ON c.uic = r.uic AND c.asset_type = r.asset_type
       JOIN instruments i ON i.uic = c.uic AND i.asset_type = c.asset_type ORDER BY c.instrument_id`,
    )
    .all() as { instrumentId: number; description: string }[];
  moveDescriptions(
    db,
    rolled.map((row) => ({ instrumentId: row.instrumentId, key: descriptionKey(row.description) })),
  );
  return new Set(rolled.map((row) => row.instrumentId));
}

/** Moves the events to the roll's day. */
function roll(context: RollContext): void {
  const { db, seed, scale, asOf, from } = context;
  const store = new EventInstrumentStore(db, seed);
  const writer = new EventWriter(db, false);
  const changed = refreshRolledInstruments(db);
  const rankOf = db.prepare('SELECT desc_rank FROM ca_instruments WHERE instrument_id = ?').pluck();
  const slots = new SlotEvents({
    seed,
    scale,
    accounts: indexAccounts(db, false),
    writer,
    share: (index) => store.get(index + 1),
    shareCount: store.shareCount,
    descRank: (instrument) => rankOf.get(instrument.instrumentId) as number,
  });
  const registered = db.prepare('SELECT event_id FROM ca_slots WHERE instrument_id = ? AND year = ?').pluck();
  const written = new Set<number>();
  const removeYear = (instrumentId: number, year: number) => {
    for (const eventId of registered.all(instrumentId, year) as number[]) {
      slots.remove(store.get(instrumentId), eventId);
      writer.forget(eventId, instrumentId, year);
    }
  };
  // A year newly covered has nothing stored; a changed instrument's years were removed first.
  const writeYear = (instrument: EventInstrument, year: number) => {
    for (const slot of slots.slotsOf(instrument, year)) {
      slots.write(instrument, year, slot, asOf);
      written.add(slot.eventId);
    }
  };

  // Years entering or leaving the window, and every year of an instrument whose terms changed.
  const keys = db
    .prepare('SELECT instrument_id AS id, stable_key AS stableKey FROM ca_instrument_keys')
    .all() as {
    id: number;
    stableKey: string;
  }[];
  keys.forEach(({ id, stableKey }, index) => {
    const bucket = coverageBucket({ stableKey });
    const before = yearsOf(coveredYears(from, bucket));
    const after = yearsOf(coveredYears(asOf, bucket));
    const rewrite = changed.has(id);
    for (const year of before) if (rewrite || !after.includes(year)) removeYear(id, year);
    for (const year of after) if (rewrite || !before.includes(year)) writeYear(store.get(id), year);
    if (index % 1000 === 0) context.advance(index, keys.length * 2);
  });

  // The slots whose next change (rolling forward) or last change (rolling back) the roll passes.
  const today = dayNumberOf(asOf);
  const due = (
    asOf > from
      ? db.prepare('SELECT event_id, instrument_id, year FROM ca_slots WHERE next_change <= ?')
      : db.prepare('SELECT event_id, instrument_id, year FROM ca_slots WHERE previous_change > ?')
  ).all(today) as { event_id: number; instrument_id: number; year: number }[];
  // An instrument's slots of a year are drawn once, however many of them are due.
  const slotsByYear = new Map<string, EventSlot[]>();
  due.forEach((row, index) => {
    if (written.has(row.event_id)) return;
    const instrument = store.get(row.instrument_id);
    const key = `${row.instrument_id}:${row.year}`;
    let ofYear = slotsByYear.get(key);
    if (!ofYear) slotsByYear.set(key, (ofYear = slots.slotsOf(instrument, row.year)));
    const slot = ofYear.find((candidate) => candidate.eventId === row.event_id);
    if (slot) slots.write(instrument, row.year, slot, asOf, true);
    else {
      slots.remove(instrument, row.event_id);
      writer.forget(row.event_id, row.instrument_id, row.year);
    }
    if (index % 200 === 0) context.advance(due.length + index, due.length * 2);
  });
}

export const eventsStep: GenerationStep = {
  name: 'book.events',
  run: generate,
  roll,
  // Made from the shares and bonds alone (and the accounts' accounts): the worker starts once the
  // well-known listings are in, and lists the bonds and generated shares itself (the same
  // draws) rather than wait 14 s at the large scale for them to be written.
  parallel: {
    after: 'reference:well-known-equities',
    draws: ['reference:bonds', 'reference:generated-equities'],
    // The events are on shares and bonds only (loadEventInstruments): CFDs and exchange-traded
    // products need not be listed (0.6 s of the worker at the large scale).
    lists: ['Stock', 'Bond'],
    reads: [
      {
        table: 'instruments',
        columns:
          'uic INTEGER, asset_type TEXT, symbol TEXT, description TEXT, isin TEXT, currency TEXT, exchange_id TEXT, mic TEXT',
        // What the events read (shares and bonds), and what the generated shares' draws read
        // (the tickers taken on each market).
        where: "asset_type IN ('Stock', 'Bond') OR mic IS NOT NULL",
        primaryKey: 'uic, asset_type',
      },
    ],
  },
  expectedMs: { small: 350, default: 1100, large: 21_000 },
};
