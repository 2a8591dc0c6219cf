/**
 * Generation step of the corporate action events: for every share and bond with events, its
 * event slots in a window around the universe's date, each built by its type's builder, given
 * its lifecycle as of today, and the holdings (with elections) of the accounts holding the
 * instrument, aggregated per scope for the list queries.
 */
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { randomStream } from '../random';
import type { GenerationContext, GenerationStep, Scale } from '../universe';
import { indexBook } from './corporateActions/book';
import { EVENT_BUILDERS } from './corporateActions/builders';
import {
  CORPORATE_ACTION_TYPES,
  EVENT_ASSET_TYPES,
  EVENT_CODES,
  EVENT_STATES,
  EVENT_STATUSES,
  dayNumber,
  encode,
  eventType,
} from './corporateActions/codes';
import type { EventDraft, EventInstrument } from './corporateActions/draft';
import { writeHoldings } from './corporateActions/holdingRows';
import { positionsIn } from './corporateActions/holdings';
import { loadEventInstruments } from './corporateActions/instruments';
import { lifecycleAt, type Lifecycle } from './corporateActions/lifecycle';
import { slotsOf } from './corporateActions/plan';
import { EVENTS_INDEXES, EVENTS_SCHEMA, EventWriter, type EventColumns } from './corporateActions/store';
import { wireDay, wireInstant } from './corporateActions/wire';

const DAY_MS = 86_400_000;
/** Past events are kept for about eighteen months. */
const HISTORY_DAYS = 540;
/** Slots are drawn far enough ahead for long offers and scheduled coupons. */
const FUTURE_DAYS = 200;
/** A small universe has few instruments: rare event types are made likelier so each still occurs. */
const RARE_FACTOR: Record<Scale, number> = { small: 3, default: 1, large: 1 };

function body(
  instrument: EventInstrument,
  eventId: number,
  draft: EventDraft,
  life: Lifecycle,
): CorporateActionEvent {
  return {
    EventId: String(eventId),
    AssetType: instrument.assetType,
    Uic: instrument.uic,
    DisplayAndFormat: {
      Description: instrument.description,
      IsinCode: instrument.isin ?? '',
      Symbol: instrument.symbol,
    },
    CorporateActionType: draft.corporateActionType,
    EventType: eventType(draft.code),
    EventState: life.state,
    EventStatus: life.status,
    Electable: draft.electable ? 'Electable' : 'NotElectable',
    AnnouncedDate: wireDay(draft.announced),
    ...draft.fields,
    Options: draft.options,
    UpdatedDateTime: wireInstant(life.updated),
  };
}

function columns(
  instrument: EventInstrument,
  eventId: number,
  draft: EventDraft,
  life: Lifecycle,
  descRank: number,
): EventColumns {
  const day = (date: Date | undefined) => (date ? dayNumber(date) : null);
  return {
    eventId,
    instrumentId: instrument.instrumentId,
    code: encode(EVENT_CODES, draft.code),
    caType: encode(CORPORATE_ACTION_TYPES, draft.corporateActionType),
    state: encode(EVENT_STATES, life.state),
    status: encode(EVENT_STATUSES, life.status),
    assetType: encode(EVENT_ASSET_TYPES, instrument.assetType),
    lapsed: life.lapsed ? 1 : 0,
    sortDay: dayNumber(draft.ex ?? draft.record ?? draft.pay ?? draft.final),
    exDay: day(draft.ex),
    recordDay: day(draft.record),
    payDay: day(draft.pay),
    deadlineDay: day(draft.deadline),
    descRank,
    announcedDay: dayNumber(draft.announced),
    updatedAt: Math.floor(life.updated.getTime() / 1000),
  };
}

/** Ranks of the instruments by description (case-insensitive), for the InstrumentDescription sort. */
function descriptionRanks(instruments: EventInstrument[]): Map<number, number> {
  const sorted = [...instruments].sort((a, b) => {
    const left = a.description.toLowerCase();
    const right = b.description.toLowerCase();
    return left < right ? -1 : left > right ? 1 : a.instrumentId - b.instrumentId;
  });
  return new Map(sorted.map((instrument, rank) => [instrument.instrumentId, rank]));
}

/** Creates the event tables and fills them. */
export const eventsStep: GenerationStep = {
  name: 'book.events',
  run({ db, seed, scale, asOf }: GenerationContext): void {
    db.exec(EVENTS_SCHEMA);
    const instruments = loadEventInstruments(db, seed, scale);
    const shares = instruments.filter((i) => i.assetType === 'Stock');
    const ranks = descriptionRanks(instruments);
    const insertInstrument = db.prepare('INSERT INTO ca_instruments VALUES (?, ?, ?, ?)');
    const insertSearch = db.prepare('INSERT INTO ca_search (rowid, search) VALUES (?, ?)');
    for (const i of instruments) {
      insertInstrument.run(i.instrumentId, i.uic, i.assetType, ranks.get(i.instrumentId)!);
      insertSearch.run(i.instrumentId, `${i.description}|${i.isin ?? ''}|${i.symbol}`.toLowerCase());
    }
    const book = indexBook(db);
    const writer = new EventWriter(db);
    const stream = (name: string) => randomStream(seed, name);
    const fromYear = new Date(asOf.getTime() - (HISTORY_DAYS + 30) * DAY_MS).getUTCFullYear();
    const toYear = new Date(asOf.getTime() + FUTURE_DAYS * DAY_MS).getUTCFullYear();
    const oldest = new Date(asOf.getTime() - HISTORY_DAYS * DAY_MS);

    for (const instrument of instruments) {
      const positions = positionsIn(
        stream(`positions:${instrument.stableKey}`),
        book.pools,
        scale,
        instrument.assetType === 'Bond',
      );
      for (const slot of slotsOf(instrument, { stream, fromYear, toYear, rareFactor: RARE_FACTOR[scale] })) {
        const random = stream(slot.streamName);
        const draft = EVENT_BUILDERS[slot.code]({
          instrument,
          random,
          anchor: slot.anchor,
          otherShare: () => {
            const other = shares[random.int(0, shares.length - 1)]!;
            return other.instrumentId === instrument.instrumentId && shares.length > 1
              ? shares[(shares.indexOf(other) + 1) % shares.length]!
              : other;
          },
        });
        if (!draft || draft.announced.getTime() >= asOf.getTime() || draft.final.getTime() < oldest.getTime())
          continue;
        const life = lifecycleAt(
          draft.code,
          draft.announced,
          draft.final,
          asOf,
          stream(`${slot.streamName}:lifecycle`),
        );
        const eventColumns = columns(
          instrument,
          slot.eventId,
          draft,
          life,
          ranks.get(instrument.instrumentId)!,
        );
        writer.event(eventColumns, JSON.stringify(body(instrument, slot.eventId, draft, life)));
        writeHoldings({ writer, draft, life, instrument, positions, eventColumns, asOf, book, stream });
      }
    }
    db.exec(EVENTS_INDEXES);
  },
};
