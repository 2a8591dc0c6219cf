/**
 * A trading schedule as a timeline: sessions cut into exchange-time days (each day 0–24 h),
 * and a table of the sessions in exchange time and in the user's local time.
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import type { InstrumentTradeSessions, TradingSessionState } from '../../../../../contract/wire/types';

export interface TimelineSegment {
  state: TradingSessionState;
  /** Fractions (0–1) of the exchange day where the segment starts and ends. */
  startFraction: number;
  endFraction: number;
  /** `09:30–16:00` in exchange time. */
  label: string;
}

export interface TimelineDay {
  /** `yyyy-mm-dd` in exchange time. */
  date: string;
  /** `Mon 16 Mar`. */
  label: string;
  segments: TimelineSegment[];
}

export interface SessionRow {
  state: TradingSessionState;
  exchangeStart: string;
  exchangeEnd: string;
  localStart: string;
  localEnd: string;
}

/** Parses `-05:00:00` / `+05:30` into minutes east of UTC. */
export function offsetMinutes(offset: string): number | undefined {
  const match = /^([+-])?(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(offset.trim());
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The exchange's zone: its IANA zone when known (so a daylight-saving change inside the
 * schedule is honoured), else the schedule's fixed offset, else UTC.
 */
export function exchangeZone(schedule: InstrumentTradeSessions, ianaName?: string): Zone {
  if (ianaName && IANAZone.isValidZone(ianaName)) return IANAZone.create(ianaName);
  const minutes = schedule.TimeZoneOffset ? offsetMinutes(schedule.TimeZoneOffset) : undefined;
  return minutes === undefined ? FixedOffsetZone.utcInstance : FixedOffsetZone.instance(minutes);
}

const TIME = 'HH:mm';
const DAY_TIME = 'ccc d LLL HH:mm';

function fractionOfDay(moment: DateTime, dayStart: DateTime): number {
  const length = dayStart.plus({ days: 1 }).diff(dayStart, 'minutes').minutes;
  return Math.min(1, Math.max(0, moment.diff(dayStart, 'minutes').minutes / length));
}

/** The sessions cut at exchange midnight into one timeline row per exchange day. */
export function timelineDays(schedule: InstrumentTradeSessions, zone: Zone): TimelineDay[] {
  const days = new Map<string, TimelineDay>();
  for (const session of schedule.Sessions) {
    let start: DateTime = DateTime.fromISO(session.StartTime, { zone: 'utc' }).setZone(zone);
    const end: DateTime = DateTime.fromISO(session.EndTime, { zone: 'utc' }).setZone(zone);
    if (!start.isValid || !end.isValid || end <= start) continue;
    while (start < end) {
      const dayStart: DateTime = start.startOf('day');
      const nextDay: DateTime = dayStart.plus({ days: 1 });
      const pieceEnd: DateTime = end < nextDay ? end : nextDay;
      const date = dayStart.toISODate() as string;
      let day = days.get(date);
      if (!day) {
        day = { date, label: dayStart.toFormat('ccc d LLL'), segments: [] };
        days.set(date, day);
      }
      day.segments.push({
        state: session.State,
        startFraction: fractionOfDay(start, dayStart),
        endFraction: pieceEnd.equals(nextDay) ? 1 : fractionOfDay(pieceEnd, dayStart),
        label: `${start.toFormat(TIME)}–${pieceEnd.equals(nextDay) ? '24:00' : pieceEnd.toFormat(TIME)}`,
      });
      start = pieceEnd;
    }
  }
  return [...days.values()];
}

/** The sessions with their times in the exchange's zone and in `localZone`. */
export function sessionRows(
  schedule: InstrumentTradeSessions,
  zone: Zone,
  localZone: Zone | string = 'local',
): SessionRow[] {
  return schedule.Sessions.map((session) => {
    const start = DateTime.fromISO(session.StartTime, { zone: 'utc' });
    const end = DateTime.fromISO(session.EndTime, { zone: 'utc' });
    return {
      state: session.State,
      exchangeStart: start.setZone(zone).toFormat(DAY_TIME),
      exchangeEnd: end.setZone(zone).toFormat(DAY_TIME),
      localStart: start.setZone(localZone).toFormat(DAY_TIME),
      localEnd: end.setZone(localZone).toFormat(DAY_TIME),
    };
  });
}

/** States during which orders can be matched, drawn as trading on the timeline. */
const TRADING_STATES = new Set<string>([
  'AutomatedTrading',
  'PitTrading',
  'CallAuctionTrading',
  'TradingAtLast',
]);
const AUCTION_STATES = new Set<string>(['Auction', 'OpeningAuction']);
const PRE_STATES = new Set<string>(['PreMarket', 'PreTrading', 'PreAutomatedTrading']);
const POST_STATES = new Set<string>(['PostMarket', 'PostTrading', 'PostAutomatedTrading']);

/** The colour family of a state: pre-market and post-market apart, so a timeline tells them apart. */
export type StateCategory = 'trading' | 'auction' | 'pre' | 'post' | 'closed' | 'break';

/** What each colour family is called in a legend. */
export const stateCategoryLabels: Record<StateCategory, string> = {
  pre: 'Pre-market',
  auction: 'Auction',
  trading: 'Trading',
  break: 'Break or halt',
  post: 'Post-market',
  closed: 'Closed',
};

/** The colour family a session state is drawn in. */
export function stateCategory(state: TradingSessionState): StateCategory {
  if (TRADING_STATES.has(state)) return 'trading';
  if (AUCTION_STATES.has(state) || /Auction$/.test(state)) return 'auction';
  if (PRE_STATES.has(state)) return 'pre';
  if (POST_STATES.has(state)) return 'post';
  if (state === 'Break' || state === 'Halt' || state === 'Suspended') return 'break';
  return 'closed';
}

/**
 * Where "now" falls on the timeline: the exchange day it is in and the fraction of that day,
 * or undefined when now lies outside the days drawn.
 */
export function nowMarker(days: readonly TimelineDay[], zone: Zone, now: Date = new Date()): { date: string; fraction: number } | undefined {
  const moment = DateTime.fromJSDate(now).setZone(zone);
  const date = moment.toISODate();
  if (!date || !days.some((day) => day.date === date)) return undefined;
  return { date, fraction: fractionOfDay(moment, moment.startOf('day')) };
}
