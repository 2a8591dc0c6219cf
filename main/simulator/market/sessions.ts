/**
 * Where an exchange's trading day stands at an instant, from the simulator's trading schedules
 * (calendar/): the platform's MarketState, whether prices move, the instant prices are taken at
 * (the instant itself while they move, the last moment they moved otherwise, so nothing moves
 * while a market is closed and the first price after a close carries the night's gap), and the
 * regular session of the current trading day and the previous one's close (for Open, LastClose,
 * NetChange, High and Low).
 *
 * A trading day is a run of regular trading (continuous or pit) whose pauses are short breaks
 * (CME's daily hour is a close, Hong Kong's lunch and Cboe's five minutes are breaks); a run of
 * more than a day (inter-bank FX from Sunday to Friday) is cut into days at the hour it opened.
 */
import type { TradingSessionState } from '../../../contract/wire/types';
import { tradingSessionsFor } from '../calendar/tradingSessions';

/** The platform's MarketState values (Quote.MarketState). */
export type MarketState =
  | 'Open'
  | 'Closed'
  | 'PreMarket'
  | 'PostMarket'
  | 'OpeningAuction'
  | 'ClosingAuction'
  | 'IntraDayAuction'
  | 'TradingAtLast';

export interface MarketSession {
  marketState: MarketState;
  /** Prices move now: regular trading, or a venue's pre- and post-market trading. */
  moving: boolean;
  /** The instant prices are taken at: the instant asked while they move, else when they last moved. */
  effective: number;
  /** The regular session of the current (or, outside it, the last) trading day. */
  dayOpen: number;
  dayClose: number;
  /** End of the regular session of the trading day before. */
  previousClose: number;
}

interface Interval {
  start: number;
  end: number;
  state: TradingSessionState;
}

const DAY_MS = 86_400_000;
const REGULAR = new Set<string>(['AutomatedTrading', 'PitTrading', 'CallAuctionTrading']);
const EXTENDED = new Set<string>(['PreMarket', 'PostMarket']);
/** Pauses of regular trading at most this long belong to the same trading day. */
const LONGEST_PAUSE_MS = 90 * 60_000;
/** Schedules are read this far back, to find the last close across long holidays. */
const LOOKBACK_DAYS = 12;

const MARKET_STATES: Readonly<Record<string, MarketState>> = {
  PreMarket: 'PreMarket',
  PreTrading: 'PreMarket',
  PreAutomatedTrading: 'PreMarket',
  PostMarket: 'PostMarket',
  PostTrading: 'PostMarket',
  PostAutomatedTrading: 'PostMarket',
  OpeningAuction: 'OpeningAuction',
  Auction: 'ClosingAuction',
  TradingAtLast: 'TradingAtLast',
};

function marketStateOf(state: TradingSessionState): MarketState {
  return REGULAR.has(state) ? 'Open' : (MARKET_STATES[state] ?? 'Closed');
}

function intervalsAround(exchangeId: string, instant: number): Interval[] {
  const schedule = tradingSessionsFor(
    exchangeId,
    new Date(instant - LOOKBACK_DAYS * DAY_MS),
    LOOKBACK_DAYS + 2,
  );
  return schedule.Sessions.map((session) => ({
    start: Date.parse(session.StartTime),
    end: Date.parse(session.EndTime),
    state: session.State,
  }));
}

/** The trading days of a timeline: runs of regular trading, cut into days when longer than one. */
function tradingDays(intervals: readonly Interval[]): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (const interval of intervals) {
    if (!REGULAR.has(interval.state)) continue;
    const last = runs.at(-1);
    if (last && interval.start - last.end <= LONGEST_PAUSE_MS) last.end = interval.end;
    else runs.push({ start: interval.start, end: interval.end });
  }
  return runs.flatMap((run) => {
    const days: { start: number; end: number }[] = [];
    for (let start = run.start; start < run.end; start += DAY_MS)
      days.push({ start, end: Math.min(run.end, start + DAY_MS) });
    return days;
  });
}

/** What holds for every instant of a stretch of time: one state, one trading day. */
interface Stretch {
  from: number;
  to: number;
  marketState: MarketState;
  moving: boolean;
  /** For a stretch that does not move: when prices last moved. */
  lastMoved: number;
  dayOpen: number;
  dayClose: number;
  previousClose: number;
}

function stretchAt(exchangeId: string, instant: number): Stretch {
  const intervals = intervalsAround(exchangeId, instant);
  const index = intervals.findIndex((interval) => interval.start <= instant && instant < interval.end);
  const current = intervals[index] ?? {
    start: instant,
    end: instant + 1,
    state: 'Closed' as TradingSessionState,
  };
  const moving = REGULAR.has(current.state) || EXTENDED.has(current.state);
  let lastMoved = instant;
  if (!moving) {
    const before = intervals
      .slice(0, Math.max(index, 0))
      .findLast((interval) => REGULAR.has(interval.state) || EXTENDED.has(interval.state));
    lastMoved = before ? before.end : current.start;
  }
  const effective = moving ? instant : lastMoved;
  const days = tradingDays(intervals);
  const dayIndex = days.findLastIndex((day) => day.start <= effective);
  const day = days[dayIndex] ?? { start: effective, end: effective };
  const nextDayStart = days[dayIndex + 1]?.start ?? Number.POSITIVE_INFINITY;
  return {
    from: Math.max(current.start, moving ? day.start : current.start),
    to: Math.min(current.end, moving ? nextDayStart : current.end),
    marketState: marketStateOf(current.state),
    moving,
    lastMoved,
    dayOpen: day.start,
    dayClose: day.end,
    previousClose: days[dayIndex - 1]?.end ?? day.start,
  };
}

/** Stretches remembered per exchange: a quote asks about now, the day's open and the last close. */
const REMEMBERED_STRETCHES = 8;

/**
 * Where the trading day of exchange `exchangeId` (an ExchangeId with a trading schedule) stands
 * at `instant`. Remembers the last stretches each exchange was asked about, so asking again
 * within one is cheap.
 */
export class MarketSessions {
  private readonly stretches = new Map<string, Stretch[]>();

  private stretchOf(exchangeId: string, instant: number): Stretch {
    let remembered = this.stretches.get(exchangeId);
    if (!remembered) this.stretches.set(exchangeId, (remembered = []));
    for (const candidate of remembered)
      if (instant >= candidate.from && instant < candidate.to) return candidate;
    const stretch = stretchAt(exchangeId, instant);
    if (remembered.length >= REMEMBERED_STRETCHES) remembered.shift();
    remembered.push(stretch);
    return stretch;
  }

  /** The instant prices are taken at for `instant` (see MarketSession.effective). */
  effective(exchangeId: string, instant: number): number {
    const stretch = this.stretchOf(exchangeId, instant);
    return stretch.moving ? instant : stretch.lastMoved;
  }

  at(exchangeId: string, instant: number): MarketSession {
    const stretch = this.stretchOf(exchangeId, instant);
    return {
      marketState: stretch.marketState,
      moving: stretch.moving,
      effective: stretch.moving ? instant : stretch.lastMoved,
      dayOpen: stretch.dayOpen,
      dayClose: stretch.dayClose,
      previousClose: stretch.previousClose,
    };
  }
}
