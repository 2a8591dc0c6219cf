/**
 * Exchanges at a glance: whether an exchange is open now, and when it opens or closes, read
 * from the sessions the service sends for it (the next seven days from its current session,
 * holidays and early closes already in them: the same calendar as every trading schedule).
 * Times are given in the exchange's zone and in the user's. An exchange counts as open while a
 * trading or auction session runs; it closes when the last of an unbroken run of those ends.
 */
import { DateTime, type Zone } from 'luxon';
import type { ExchangeDetails, TradingSession } from '../../../../../contract/wire/types';
import { stateCategory, type StateCategory } from '../../instruments/logic/tradingSchedule';

export type ExchangePhase = 'open' | 'auction' | 'pre' | 'post' | 'break' | 'closed' | 'unknown';

export interface ExchangeStatus {
  phase: ExchangePhase;
  /** `Open`, `Opening auction`, `Pre-market`, `Break`, `Post-market`, `Closed`, or why it is not known. */
  label: string;
  /** `closes in 2 h 05 min`, `opens in 14 h 30 min`, … (undefined when nothing is ahead in the sessions). */
  next: string | undefined;
  /** When that happens. */
  nextAt: DateTime | undefined;
}

interface Session {
  start: DateTime;
  end: DateTime;
  category: StateCategory;
  state: string;
}

const isOpen = (category: StateCategory) => category === 'trading' || category === 'auction';

function sessionsOf(sessions: readonly TradingSession[]): Session[] {
  return sessions
    .map((session) => ({
      start: DateTime.fromISO(session.StartTime, { zone: 'utc' }),
      end: DateTime.fromISO(session.EndTime, { zone: 'utc' }),
      category: stateCategory(session.State),
      state: session.State,
    }))
    .filter((session) => session.start.isValid && session.end.isValid && session.end > session.start)
    .sort((a, b) => a.start.toMillis() - b.start.toMillis());
}

/** `less than a minute`, `45 min`, `2 h 05 min`, `3 d 4 h`. */
export function durationText(milliseconds: number): string {
  const minutes = Math.floor(milliseconds / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const PHASE_LABELS: Record<Exclude<StateCategory, 'trading' | 'auction'>, { phase: ExchangePhase; label: string }> = {
  pre: { phase: 'pre', label: 'Pre-market' },
  post: { phase: 'post', label: 'Post-market' },
  break: { phase: 'break', label: 'Break' },
  closed: { phase: 'closed', label: 'Closed' },
};

/** The exchange's state at `now` and the next change of it, from its sessions. */
export function exchangeStatus(sessions: readonly TradingSession[], now: Date): ExchangeStatus {
  const list = sessionsOf(sessions);
  const at = DateTime.fromJSDate(now, { zone: 'utc' });
  const index = list.findIndex((session) => session.start <= at && at < session.end);
  const current = list[index];
  if (!current) {
    return { phase: 'unknown', label: 'Schedule not current: refresh the list', next: undefined, nextAt: undefined };
  }
  const inFuture = (moment: DateTime | undefined, verb: string) =>
    moment ? { next: `${verb} in ${durationText(moment.diff(at).toMillis())}`, nextAt: moment } : { next: undefined, nextAt: undefined };

  if (isOpen(current.category)) {
    if (current.state === 'OpeningAuction') {
      const trading = list.slice(index).find((session) => session.category === 'trading');
      return { phase: 'auction', label: 'Opening auction', ...inFuture(trading?.start, 'trading starts') };
    }
    // The open run goes on through adjoining trading and auction sessions.
    let last = index;
    while (isOpen(list[last + 1]?.category ?? 'closed') && list[last + 1]?.start.equals((list[last] as Session).end)) last++;
    // A run reaching the end of the sessions listed closes at a time not known yet.
    const closesAt = last + 1 < list.length ? list[last]?.end : undefined;
    return { phase: 'open', label: current.category === 'auction' ? 'Closing auction' : 'Open', ...inFuture(closesAt, 'closes') };
  }
  const opens = list.slice(index + 1).find((session) => isOpen(session.category));
  const { phase, label } = PHASE_LABELS[current.category];
  return { phase, label, ...inFuture(opens?.start, current.category === 'break' ? 'reopens' : 'opens') };
}

/** One row of the Exchanges list. */
export interface ExchangeRow {
  id: string;
  /** ISO 10383 MIC, or the platform's id where the venue has none. */
  mic: string;
  name: string;
  /** The name the platform's prices go by (`NYSE` for XNYS), which traders type too. */
  priceSource: string | undefined;
  country: string;
  currency: string;
  /** IANA zone of the exchange. */
  zone: string;
  /** `Thu 14:05` at the exchange now. */
  exchangeNow: string;
  status: ExchangeStatus;
  /** When the next change happens, in the exchange's time (`16:00 Thu`) and in the user's. */
  nextExchangeTime: string;
  nextLocalTime: string;
  /** The holiday the exchange keeps today (its local day), if any. */
  holiday: string | undefined;
}

/** The rows of the Exchanges list at `now`, by name; `localZone` is the user's. */
export function exchangeRows(exchanges: readonly ExchangeDetails[], now: Date, localZone: Zone | string = 'local'): ExchangeRow[] {
  return exchanges
    .map((exchange) => {
      const status = exchangeStatus(exchange.ExchangeSessions, now);
      const zone = exchange.TimeZoneName;
      const here = DateTime.fromJSDate(now).setZone(zone);
      const today = here.isValid ? here.toISODate() : undefined;
      return {
        id: exchange.ExchangeId,
        mic: exchange.IsoMic ?? exchange.ExchangeId,
        name: exchange.Name,
        priceSource: exchange.PriceSourceName,
        country: exchange.CountryCode,
        currency: exchange.Currency,
        zone,
        exchangeNow: here.isValid ? here.toFormat('ccc HH:mm') : '—',
        status,
        nextExchangeTime: status.nextAt?.setZone(zone).toFormat('ccc HH:mm') ?? '—',
        nextLocalTime: status.nextAt?.setZone(localZone).toFormat('ccc HH:mm') ?? '—',
        holiday: exchange.Holidays.find((holiday) => holiday.Date === today)?.Name,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
