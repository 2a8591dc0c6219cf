/**
 * Wire types of the exchanges and currencies lists (`/ref/v1/exchanges`, `/ref/v1/currencies`).
 * The spec is silent on both; the fields follow the platform's ExchangeDetails and
 * CurrencyDetails, plus what a trader needs to know when an exchange trades: the phases of its
 * trading day in local time, its weekend, and its next holidays and early closes, all from
 * the same calendar as the instruments' trading schedules. Read through `types.ts`.
 */
import type { TradingSessionState } from './enums';
import type { TradingSession } from './instruments';

/** One phase of an exchange's usual trading day, in local time. */
export interface ExchangeTradingPhase {
  State: TradingSessionState;
  /** Local `HH:MM` the phase starts: on the trading day, or on the evening `StartsOn` names. */
  StartTime: string;
  /** Local `HH:MM` the phase ends: on the trading day, or for an evening phase the morning after its evening. */
  EndTime: string;
  /**
   * Only for a phase that opens the evening before the trading day: on the previous calendar day
   * (CME Globex opens Sunday 17:00 for Monday) or on the previous trading day (Osaka's night
   * session from Friday 17:00 to Saturday 06:00 belongs to Monday).
   */
  StartsOn?: 'PreviousCalendarDay' | 'PreviousTradingDay';
}

/** When an exchange trades on a usual day. */
export interface ExchangeTradingHours {
  /** IANA zone of the local times (the exchange's own, or New York for the FX market's day). */
  TimeZoneName: string;
  /** Days of the week the exchange never trades, e.g. `["Saturday", "Sunday"]` (Friday and Saturday in Riyadh). */
  WeekendDays: string[];
  /** The phases in the order they happen; times outside every phase are Closed (or a short Break). */
  Phases: ExchangeTradingPhase[];
}

/** A day the exchange is closed although not a weekend day. */
export interface ExchangeHoliday {
  /** `yyyy-mm-dd`. */
  Date: string;
  Name: string;
}

/** A trading day on which regular trading ends early. */
export interface ExchangeEarlyClose {
  /** `yyyy-mm-dd`. */
  Date: string;
  /** Local `HH:MM` regular trading ends. */
  CloseTime: string;
  Name: string;
}

/** One exchange (`GET /ref/v1/exchanges` and `/ref/v1/exchanges/{ExchangeId}`). */
export interface ExchangeDetails {
  /** ISO 3166-1 alpha-2 code of the exchange's country. */
  CountryCode: string;
  /** ISO 4217 code of the exchange's base currency. */
  Currency: string;
  /** Holidays that fall on trading weekdays in the next twelve months, in date order. */
  Holidays: ExchangeHoliday[];
  /** Early closes in the next twelve months, in date order. */
  EarlyCloses: ExchangeEarlyClose[];
  /** The platform's id of the exchange (`NYSE`, `FSE`, `EUR_AMS2`, `SBFX` for the inter-bank FX venue): not a MIC. */
  ExchangeId: string;
  /**
   * The sessions in UTC from the one in progress now through the next seven days: the same as
   * the trading schedule of any instrument traded there.
   */
  ExchangeSessions: TradingSession[];
  /** ISO 10383 market identifier code (absent for the inter-bank venue). */
  IsoMic?: string;
  /** MIC as used in symbols (lower case there: `SAP:xetr`). */
  Mic?: string;
  Name: string;
  PriceSourceName?: string;
  /** The platform's time zone id (a `/ref/v1/timezones` entry; 3 = US Eastern). */
  TimeZone: number;
  /** Abbreviation in force now, e.g. `CET` or `CEST`. */
  TimeZoneAbbreviation: string;
  /** `TimeZone` as a string, as the platform also sends it. */
  TimeZoneId: string;
  /** IANA zone of the exchange, e.g. `America/Toronto` (its platform zone may be an equivalent one). */
  TimeZoneName: string;
  /** Offset from UTC in force now, e.g. `-05:00:00`. */
  TimeZoneOffset: string;
  TradingHours: ExchangeTradingHours;
}

/** One currency (`GET /ref/v1/currencies`). */
export interface CurrencyDetails {
  /** ISO 4217 code (CNH, the offshore yuan, is the market's code). */
  CurrencyCode: string;
  /** Decimals of the minor unit (0 for JPY, 3 for KWD); absent where ISO 4217 defines none (gold, silver). */
  Decimals?: number;
  /** ISO 4217 name, e.g. `Pound Sterling`. */
  Name: string;
  /** The currency's symbol where it is at home (`€`, `$`, `¥`, `kr.`); absent where it has none but its code. */
  Symbol?: string;
}

/** One holiday of one exchange (`GET /ref/v1/exchanges/holidays`). */
export interface ExchangeHolidayEntry {
  /** `yyyy-mm-dd`, a day the exchange would trade but for the holiday. */
  Date: string;
  ExchangeId: string;
  Name: string;
}
