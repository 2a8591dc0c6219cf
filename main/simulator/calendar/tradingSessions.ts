/**
 * An exchange's trading schedule as the platform returns it (InstrumentTradeSessions): the
 * phases of each trading day turned into UTC instants in the exchange's zone (so DST moves
 * them), holidays skipped, early closes applied, and the time in between filled so that the
 * sessions are contiguous (each EndTime is the next StartTime).
 */
import { LRUCache } from 'lru-cache';
import type { InstrumentTradeSessions, TradingSession, TradingSessionState } from '../../../contract/wire/types';
import { exchangeById, findExchange, findExchangeByKey } from '../data/reference/exchanges';
import { platformTimeZone, zoneStateAt } from '../data/reference/timezones';
import { earlyCloseOn, isTradingDay } from './businessDays';
import { addDays, DAY_MS, dateOnly, isoDay } from './dates';
import { wallClockToEpoch } from './zoneOffsets';
import { SESSION_TEMPLATES, type SessionTemplate } from './sessionTemplates';

interface Interval {
  start: number;
  end: number;
  state: TradingSessionState;
}

/** A gap between two sessions at most this long is a Break (CME's daily hour); longer is Closed. */
const LONGEST_BREAK_MS = 90 * 60_000;
/** Days looked at before and after the window, so its first and last sessions are whole. */
const MARGIN_DAYS = 21;
const MINUTES_PER_DAY = 1440;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** A wall-clock time `minutes` after local midnight of `tradeDate` (may be negative) as epoch ms. */
function localInstant(tradeDate: Date, minutes: number, zone: string): number {
  return wallClockToEpoch(zone, tradeDate.getTime() + minutes * 60_000);
}

/** Days between the trade date and the evening its evening phases start on. */
function eveningDaysBefore(exchangeId: string, template: SessionTemplate, tradeDate: Date): number {
  if (template.eveningOf !== 'tradingDay') return 1;
  let days = 1;
  while (days < MARGIN_DAYS && !isTradingDay(exchangeId, addDays(tradeDate, -days))) days++;
  return days;
}

/**
 * The phases of one trade date in minutes from its local midnight. On an early close, regular
 * trading stops at the early time, phases between it and the usual close are dropped, and the
 * phases after the usual close (closing auction, post-market) move earlier by the same amount.
 */
function phasesOfTradeDate(exchangeId: string, template: SessionTemplate, tradeDate: Date): Interval[] {
  const eveningDays = eveningDaysBefore(exchangeId, template, tradeDate);
  let phases: Interval[] = template.phases.map((phase) => {
    const offset = phase.evening ? -eveningDays * MINUTES_PER_DAY : 0;
    const start = offset + minutesOf(phase.start);
    const end = (phase.evening ? offset + MINUTES_PER_DAY : 0) + minutesOf(phase.end);
    return { start, end, state: phase.state };
  });
  const earlyClose = earlyCloseOn(exchangeId, tradeDate);
  if (earlyClose !== undefined) {
    const close = minutesOf(earlyClose);
    const usualClose = Math.max(...phases.filter((p) => p.state === 'AutomatedTrading').map((p) => p.end));
    if (close < usualClose) {
      const shift = close - usualClose;
      phases = phases
        .filter((p) => p.start < close || p.start >= usualClose)
        .map((p) =>
          p.start >= usualClose
            ? { ...p, start: p.start + shift, end: p.end + shift }
            : { ...p, end: Math.min(p.end, close) },
        );
    }
  }
  return phases;
}

function utcIntervals(
  exchangeId: string,
  template: SessionTemplate,
  zone: string,
  from: Date,
  to: Date,
): Interval[] {
  const intervals: Interval[] = [];
  const last = addDays(dateOnly(to), MARGIN_DAYS);
  for (
    let tradeDate = addDays(dateOnly(from), -MARGIN_DAYS);
    tradeDate <= last;
    tradeDate = addDays(tradeDate, 1)
  ) {
    if (!isTradingDay(exchangeId, tradeDate)) continue;
    for (const phase of phasesOfTradeDate(exchangeId, template, tradeDate)) {
      const start = localInstant(tradeDate, phase.start, zone);
      const end = localInstant(tradeDate, phase.end, zone);
      if (end > start) intervals.push({ start, end, state: phase.state });
    }
  }
  return intervals.sort((a, b) => a.start - b.start);
}

/** Fills the gaps (Break when short, Closed otherwise) and merges neighbours of the same state. */
function contiguous(intervals: Interval[]): Interval[] {
  const timeline: Interval[] = [];
  const append = (interval: Interval) => {
    const previous = timeline.at(-1);
    if (previous && previous.state === interval.state) previous.end = interval.end;
    else timeline.push({ ...interval });
  };
  for (const interval of intervals) {
    const cursor = timeline.at(-1)?.end ?? interval.start;
    if (interval.end <= cursor) continue;
    const start = Math.max(interval.start, cursor);
    if (start > cursor)
      append({ start: cursor, end: start, state: start - cursor <= LONGEST_BREAK_MS ? 'Break' : 'Closed' });
    append({ start, end: interval.end, state: interval.state });
  }
  return timeline;
}

/**
 * The contiguous timeline around the UTC day of `from`, computed once per exchange, day and
 * length: the TradingSessions field group asks for it for every instrument of a details page.
 */
const timelines = new LRUCache<string, Interval[]>({ max: 1024 });

function timelineAround(
  exchangeId: string,
  template: SessionTemplate,
  zone: string,
  from: Date,
  days: number,
): Interval[] {
  const day = dateOnly(from);
  const key = `${exchangeId}|${isoDay(day)}|${days}`;
  let timeline = timelines.get(key);
  if (!timeline) {
    timeline = contiguous(utcIntervals(exchangeId, template, zone, day, addDays(day, days + 1)));
    timelines.set(key, timeline);
  }
  return timeline;
}

function wireTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The trading schedule of an exchange from the session in progress at `from` through the
 * session in progress `days` days later, with the exchange's platform time zone id and the
 * abbreviation and offset in force at `from`. Throws for an exchange id the universe lacks.
 */
export function tradingSessionsFor(exchangeId: string, from: Date, days: number): InstrumentTradeSessions {
  const exchange = exchangeById(exchangeId);
  const template = SESSION_TEMPLATES[exchange.key];
  const zone = platformTimeZone(exchange.TimeZoneId);
  if (!template || !zone) throw new Error(`No trading sessions for exchange "${exchangeId}"`);
  const to = new Date(from.getTime() + days * DAY_MS);
  const timeline = timelineAround(
    exchange.ExchangeId,
    template,
    template.zone ?? exchange.ZoneName,
    from,
    days,
  );
  const window = timeline.filter(
    (interval) => interval.end > from.getTime() && interval.start < to.getTime(),
  );
  // Only an exchange closed for the whole margin would leave either end of the window uncovered.
  const first = window[0]?.start ?? to.getTime();
  if (first > from.getTime()) window.unshift({ start: from.getTime(), end: first, state: 'Closed' });
  const lastEnd = window.at(-1)?.end ?? from.getTime();
  if (lastEnd < to.getTime()) window.push({ start: lastEnd, end: to.getTime(), state: 'Closed' });
  const sessions: TradingSession[] = window.map((interval) => ({
    StartTime: wireTime(interval.start),
    EndTime: wireTime(interval.end),
    State: interval.state,
  }));
  const { offset, abbreviation } = zoneStateAt(zone, from, exchange.ZoneName);
  return {
    Sessions: sessions,
    TimeZone: zone.id,
    TimeZoneAbbreviation: abbreviation,
    TimeZoneOffset: offset,
  };
}

/** How many days ahead the trading schedule (and the TradingSessions field group) covers. */
export const SCHEDULE_DAYS = 7;

/**
 * The ExchangeId whose schedule an instrument follows, from its ExchangeId, else the key of its
 * venue (the instruments table's `mic`). Instruments of the platform's own OTC venues (no MIC,
 * bonds, funds, certificates) follow the inter-bank venue SBFX, which trades around the clock on
 * weekdays.
 */
export function scheduleExchangeFor(exchangeId: string | null | undefined, venueKey: string | null | undefined): string {
  const exchange = (exchangeId && findExchange(exchangeId)) || (venueKey && findExchangeByKey(venueKey));
  return exchange ? exchange.ExchangeId : 'SBFX';
}
