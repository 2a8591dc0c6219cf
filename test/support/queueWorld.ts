/**
 * What the corporate actions workspace reads besides events and review state, for component
 * tests: the exchanges and their holidays (the markets' calendars), the instruments' listings,
 * and the settings (the work queue's overdue window). Events without a Uic count in weekdays
 * in UTC, as the workspace does while a market is not known.
 */
import { DEFAULT_SETTINGS, type WorkQueueSettings } from '../../contract/settings';
import type { ExchangeDetails, ExchangeHolidayEntry } from '../../contract/wire/types';
import { ok } from './fakeDesk';

/** The New York Stock Exchange as the exchanges list gives it (the fields the calendars read). */
export const NEW_YORK_EXCHANGE = {
  ExchangeId: 'NYSE',
  IsoMic: 'XNYS',
  Mic: 'XNYS',
  Name: 'New York Stock Exchange',
  CountryCode: 'US',
  Currency: 'USD',
  TimeZone: 3,
  TimeZoneId: '3',
  TimeZoneAbbreviation: 'EST',
  TimeZoneName: 'America/New_York',
  TimeZoneOffset: '-05:00:00',
  Holidays: [],
  EarlyCloses: [],
  ExchangeSessions: [],
  TradingHours: { TimeZoneName: 'America/New_York', WeekendDays: ['Saturday', 'Sunday'], Phases: [] },
} satisfies ExchangeDetails;

/** The day `offset` calendar days from today (UTC), `yyyy-mm-dd`. */
export function dayFromToday(offset: number, now = Date.now()): string {
  return new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Channel answers for the markets' calendars and the settings, every instrument listed on `exchangeId`. */
export function queueWorldAnswers(
  options: {
    holidays?: ExchangeHolidayEntry[];
    workQueue?: Partial<WorkQueueSettings>;
    simulatedDay?: string;
  } = {},
) {
  return {
    'reference:exchanges': () => ok({ Data: [NEW_YORK_EXCHANGE] }),
    'reference:exchangeHolidays': () => ok({ Data: options.holidays ?? [] }),
    'instruments:detailsList': (arg: { Uics: number[]; AssetTypes: string[] }) =>
      ok({
        Data: arg.Uics.map((Uic) => ({
          Uic,
          AssetType: arg.AssetTypes[0],
          Exchange: { ExchangeId: 'NYSE', CountryCode: 'US', Name: 'New York Stock Exchange' },
        })),
      }),
    'settings:get': () =>
      ok({ settings: { ...DEFAULT_SETTINGS, workQueue: { ...DEFAULT_SETTINGS.workQueue, ...options.workQueue } } }),
    'settings:simulatorStatus': () =>
      ok({
        state: 'running',
        configured: { scale: 'small', seed: 1, ...(options.simulatedDay ? { asOf: options.simulatedDay } : {}) },
        universe: { scale: 'small', seed: 1, asOf: options.simulatedDay ?? dayFromToday(0) },
        corsOrigins: '*',
      }),
  };
}
