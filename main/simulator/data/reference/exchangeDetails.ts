/**
 * The exchanges list (`/ref/v1/exchanges`): each exchange's identity (exchanges.ts) with when
 * it trades, read from the same calendar and session templates as the instruments' trading
 * schedules, so the two always agree: the usual day's phases in local time, the weekend, the
 * holidays and early closes of the next twelve months, and the UTC sessions of the next seven
 * days (exactly the trading schedule of an instrument listed there).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type {
  ExchangeDetails,
  ExchangeEarlyClose,
  ExchangeHoliday,
  ExchangeTradingHours,
} from '../../../../contract/wire/types';
import { calendarOf, earlyCloseOf, holidayName } from '../../calendar/businessDays';
import { addDays, dateOnly, isoDay, weekdayOf } from '../../calendar/dates';
import { SESSION_TEMPLATES } from '../../calendar/sessionTemplates';
import { SCHEDULE_DAYS, tradingSessionsFor } from '../../calendar/tradingSessions';
import { EXCHANGES, type ExchangeInfo } from './exchanges';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** How far ahead holidays and early closes are listed. */
const CALENDAR_DAYS_AHEAD = 365;

/** The usual trading day of an exchange; throws for an exchange without a session template (a data bug). */
function tradingHoursOf(exchange: ExchangeInfo): ExchangeTradingHours {
  const template = SESSION_TEMPLATES[exchange.key];
  if (!template) throw new Error(`No trading sessions for exchange "${exchange.ExchangeId}"`);
  const startsOn = template.eveningOf === 'tradingDay' ? 'PreviousTradingDay' : 'PreviousCalendarDay';
  return {
    TimeZoneName: template.zone ?? exchange.ZoneName,
    // Listed Monday first, as a trader reads a week.
    WeekendDays: [...calendarOf(exchange.ExchangeId).weekend]
      .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
      .map((weekday) => WEEKDAY_NAMES[weekday]!),
    Phases: template.phases.map((phase) => ({
      State: phase.state,
      StartTime: phase.start,
      EndTime: phase.end,
      ...(phase.evening ? { StartsOn: startsOn } : {}),
    })),
  };
}

interface Closures {
  holidays: ExchangeHoliday[];
  earlyCloses: ExchangeEarlyClose[];
}

/** Holidays and early closes from `today` on, per exchange and day (the list asks for every exchange). */
const closuresAhead = new LRUCache<string, Closures>({ max: 512 });

function closuresFrom(exchangeId: string, today: Date): Closures {
  const key = `${exchangeId}|${isoDay(today)}`;
  let closures = closuresAhead.get(key);
  if (!closures) {
    const weekend = calendarOf(exchangeId).weekend;
    closures = { holidays: [], earlyCloses: [] };
    for (let offset = 0; offset < CALENDAR_DAYS_AHEAD; offset++) {
      const day = addDays(today, offset);
      if (weekend.includes(weekdayOf(day))) continue;
      const holiday = holidayName(exchangeId, day);
      if (holiday !== undefined) closures.holidays.push({ Date: isoDay(day), Name: holiday });
      const earlyClose = earlyCloseOf(exchangeId, day);
      if (earlyClose)
        closures.earlyCloses.push({ Date: isoDay(day), CloseTime: earlyClose.close, Name: earlyClose.name });
    }
    closuresAhead.set(key, closures);
  }
  return closures;
}

/** An exchange's details at the instant `now` (its sessions start with the one in progress then). */
export function exchangeDetails(exchange: ExchangeInfo, now: Date): ExchangeDetails {
  const schedule = tradingSessionsFor(exchange.ExchangeId, now, SCHEDULE_DAYS);
  const { holidays, earlyCloses } = closuresFrom(exchange.ExchangeId, dateOnly(now));
  const timeZone = schedule.TimeZone!;
  // Fields in alphabetical order, as the platform's serializer writes them.
  return {
    CountryCode: exchange.CountryCode,
    Currency: exchange.CurrencyCode,
    EarlyCloses: earlyCloses,
    ExchangeId: exchange.ExchangeId,
    ExchangeSessions: schedule.Sessions,
    Holidays: holidays,
    ...(exchange.IsoMic ? { IsoMic: exchange.IsoMic } : {}),
    ...(exchange.Mic ? { Mic: exchange.Mic } : {}),
    Name: exchange.Name,
    ...(exchange.PriceSourceName ? { PriceSourceName: exchange.PriceSourceName } : {}),
    TimeZone: timeZone,
    TimeZoneAbbreviation: schedule.TimeZoneAbbreviation!,
    TimeZoneId: String(timeZone),
    TimeZoneName: exchange.ZoneName,
    TimeZoneOffset: schedule.TimeZoneOffset!,
    TradingHours: tradingHoursOf(exchange),
  };
}

/**
 * Works out every exchange's details of `now`'s day before anyone asks, one exchange per turn of
 * the event loop so requests go in between. The first exchanges list of a day otherwise costs a
 * quarter of a second of the event loop the app's first requests share: the Option chains
 * workspace asks for it as it opens, and a trader's first search waited behind it.
 */
export async function prepareExchangeDetails(now: Date): Promise<void> {
  for (const exchange of EXCHANGES) {
    await nextTurn();
    exchangeDetails(exchange, now);
  }
}
