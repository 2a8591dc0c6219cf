/**
 * One event slot written for a day: the event built from the slot's own streams, shown or not
 * on that day, with its lifecycle and holdings as of the day, and the slot's record of the days
 * around it on which the event can change. Generation writes every slot this way; a roll
 * writes again the slots whose change days it passes.
 */
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { randomStream, type RandomStream } from '../random';
import type { Scale } from '../universe';
import { scopeKeysOf, type AccountsIndex } from './accountPools';
import { EVENT_BUILDERS } from './builders';
import {
  CORPORATE_ACTION_TYPES,
  EVENT_ASSET_TYPES,
  EVENT_CODES,
  EVENT_STATES,
  EVENT_STATUSES,
  dayNumber,
  encode,
  eventType,
} from './codes';
import { changeDays, changesAround, dayNumberOf, shownDays } from './coverage';
import type { EventDraft, EventInstrument } from './draft';
import { writeHoldings } from './holdingRows';
import { electionInstants, positionsIn, type Position } from './holdings';
import { lifecycleInstants, lifecycleOn, planLifecycle, type Lifecycle } from './lifecycle';
import { slotsOfYear, type EventSlot } from './plan';
import type { EventColumns, EventWriter } from './store';
import { wireDay, wireInstant } from './wire';

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

/** What writing slots needs from the universe around them. */
export interface SlotSources {
  seed: number;
  scale: Scale;
  accounts: AccountsIndex;
  writer: EventWriter;
  /** The `index`-th share (0-based) of the instruments with events: acquirers, spun-off companies. */
  share(index: number): EventInstrument;
  shareCount: number;
  /** The instrument's rank by description (the InstrumentDescription sort). */
  descRank(instrument: EventInstrument): number;
}

/** Writes the event slots of instruments for a day. */
export class SlotEvents {
  private readonly positions = new Map<number, Position[]>();

  constructor(private readonly sources: SlotSources) {}

  private stream(name: string): RandomStream {
    return randomStream(this.sources.seed, name);
  }

  /** The slots an instrument has in a year. */
  slotsOf(instrument: EventInstrument, year: number): EventSlot[] {
    return slotsOfYear(instrument, year, {
      stream: (name) => this.stream(name),
      rareFactor: RARE_FACTOR[this.sources.scale],
    });
  }

  private positionsOf(instrument: EventInstrument): Position[] {
    let positions = this.positions.get(instrument.instrumentId);
    if (!positions) {
      positions = positionsIn(
        this.stream(`positions:${instrument.stableKey}`),
        this.sources.accounts.pools,
        this.sources.scale,
        instrument.assetType === 'Bond',
      );
      this.positions.set(instrument.instrumentId, positions);
    }
    return positions;
  }

  /** The scopes whose aggregates count a holding of the instrument. */
  private scopeIdsOf(instrument: EventInstrument): number[] {
    const ids = new Set<number>();
    for (const { account } of this.positionsOf(instrument))
      for (const key of scopeKeysOf(account)) {
        const id = this.sources.accounts.scopeIds.get(key);
        if (id !== undefined) ids.add(id);
      }
    return [...ids];
  }

  /** Removes the stored event of a slot (before it is written again, or when it leaves the universe). */
  remove(instrument: EventInstrument, eventId: number): void {
    this.sources.writer.removeEvent(eventId, this.scopeIdsOf(instrument));
  }

  /**
   * Writes one slot for `asOf`: its event (with holdings and scope rows) when the day shows it,
   * and its change days around the day. A slot without an event (a builder may decline) writes
   * nothing. When the slot's event may be stored already (`stored`, a roll), a shown event is
   * written over it and one no longer shown is removed.
   */
  write(instrument: EventInstrument, year: number, slot: EventSlot, asOf: Date, stored = false): void {
    const { writer, shareCount } = this.sources;
    const random = this.stream(slot.streamName);
    const draft = EVENT_BUILDERS[slot.code]({
      instrument,
      random,
      anchor: slot.anchor,
      otherShare: () => {
        const index = random.int(0, shareCount - 1);
        const other = this.sources.share(index);
        return other.instrumentId === instrument.instrumentId && shareCount > 1
          ? this.sources.share((index + 1) % shareCount)
          : other;
      },
    });
    if (!draft) return;
    const shown = shownDays(year, draft);
    // An event never shown changes no day's universe: no change days, no further work.
    if (shown.start >= shown.end) {
      writer.slot(slot.eventId, instrument.instrumentId, year, null, null);
      if (stored) this.remove(instrument, slot.eventId);
      return;
    }
    const plan = planLifecycle(
      draft.code,
      draft.announced,
      draft.final,
      this.stream(`${slot.streamName}:lifecycle`),
    );
    const positions = this.positionsOf(instrument);
    const instants = lifecycleInstants(plan);
    if (draft.electable)
      for (const { account } of positions)
        instants.push(
          ...electionInstants(this.stream(`elections:${slot.eventId}:${account.accountId}`), draft),
        );
    // What happens to an event while it is not shown changes no day's universe either.
    const inside = changeDays(instants).filter((day) => day > shown.start && day < shown.end);
    const { next, previous } = changesAround([shown.start, ...inside, shown.end], asOf);
    writer.slot(slot.eventId, instrument.instrumentId, year, next, previous);
    const today = dayNumberOf(asOf);
    if (today < shown.start || today >= shown.end) {
      if (stored) this.remove(instrument, slot.eventId);
      return;
    }

    const life = lifecycleOn(plan, asOf);
    const eventColumns = columns(instrument, slot.eventId, draft, life, this.sources.descRank(instrument));
    writer.event(eventColumns, JSON.stringify(body(instrument, slot.eventId, draft, life)));
    writeHoldings({
      writer,
      draft,
      life,
      instrument,
      positions,
      eventColumns,
      asOf,
      accounts: this.sources.accounts,
      stream: (name) => this.stream(name),
    });
  }
}
