/**
 * The business-day calendars of the markets of the events on screen, from what the service
 * tells: the exchanges list (zone, weekend), the exchanges' holidays over two years back and
 * one ahead, and, per instrument, the exchange it is listed on (its details). An instrument
 * traded over the counter (a bond on the inter-bank venue) counts in its issuer's home market,
 * the first listed exchange of its ISIN's country, as its deadlines are set there; an
 * international security (ISIN prefix XS, a Eurobond) in Brussels, where Euroclear sets them.
 *
 * What cannot be read leaves the event on UNKNOWN_MARKET (weekdays in UTC) and says so in
 * `problem`: a countdown then errs towards urgency. The holidays feed is beyond the spec (the
 * platform's facts do not name it): where the platform answers 404, or the feed fails, the
 * markets' calendars count weekends only, and `weekendsOnly` says so once for the whole queue.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { assetTypes } from '../../../../contract/wire/enums';
import type { CorporateActionEvent, ExchangeDetails } from '../../../../contract/wire/types';
import { call, cancelledError, DeskCallError, isCancelled, messageOf } from '../../shared/desk';
import { useReferenceStore } from '../reference/useReferenceStore';
import { useOwnedState } from '../session/useOwnedState';
import { isoDateOfDay, marketCalendar, UNKNOWN_MARKET, type MarketCalendar } from './logic/marketCalendar';

/** Most instruments one details read names (the service's Uics limit). */
const UICS_PER_READ = 200;
/** The holidays read: two years back (deadlines passed long ago) and one ahead, within the service's 1,100 days. */
const DAYS_BACK = 730;
const DAYS_AHEAD = 364;

/** Where international securities (ISIN prefix XS) are held and their elections made: Euroclear, Brussels. */
const INTERNATIONAL_SECURITIES_COUNTRY = 'BE';

type Exchange = Pick<ExchangeDetails, 'ExchangeId' | 'Name' | 'CountryCode' | 'IsoMic' | 'TimeZoneName' | 'TradingHours'>;

type KnownAssetType = (typeof assetTypes)[number];

/** True when an option of the event has a response or market deadline: only those are counted in a market's days. */
const hasDeadline = (event: CorporateActionEvent) =>
  (event.Options ?? []).some((option) => option.Deadline?.Date ?? option.MarketDeadline?.Date);

const instrumentKey = (assetType: string, uic: number) => `${assetType}:${uic}`;

export const useMarketCalendarsStore = defineStore('marketCalendars', () => {
  /** Moves on when calendars become known, so what counts with them counts again. */
  const revision = ref(0);
  const problem = ref<string>();
  /** Set while the markets' holidays are unknown (not served, or unreadable): deadlines count weekends only. */
  const weekendsOnly = ref<string>();
  /** The range the platform answered 404 for: not asked again (its holidays are not served) until the user changes. */
  let holidaysNotServed: { from: string; to: string } | undefined;
  let exchanges = new Map<string, Exchange>();
  let holidays = new Map<string, string[]>();
  let holidayRange: { from: string; to: string } | undefined;
  /** ExchangeId by instrument (null: the service named none). */
  const listedOn = new Map<string, string | null>();
  const calendars = new Map<string, MarketCalendar>();
  const owned = useOwnedState(() => {
    // Instruments, and what a user may see of them, belong to the user; exchanges and holidays do not, but are cheap to read again.
    exchanges = new Map();
    holidays = new Map();
    holidayRange = undefined;
    holidaysNotServed = undefined;
    listedOn.clear();
    calendars.clear();
    problem.value = undefined;
    weekendsOnly.value = undefined;
    revision.value++;
  });

  // The reference store's list: one read of the 130 kB list at a start, not one per store.
  const reference = useReferenceStore();
  async function readExchanges(): Promise<void> {
    if (exchanges.size > 0) return;
    await reference.loadExchanges();
    if (reference.exchangesError !== undefined) throw new Error(reference.exchangesError);
    if (owned.signal.aborted) throw cancelledError();
    exchanges = new Map(reference.exchanges.map((exchange) => [exchange.ExchangeId, exchange]));
  }

  async function readHolidays(now: number): Promise<void> {
    const today = Math.floor(now / 86_400_000);
    // Whole months, so the range read stays the same all month (and main's cache answers).
    const monthStart = today - new Date(now).getUTCDate() + 1;
    const range = { from: isoDateOfDay(monthStart - DAYS_BACK), to: isoDateOfDay(monthStart + DAYS_AHEAD) };
    if (holidayRange?.from === range.from && holidayRange.to === range.to) return;
    if (holidaysNotServed?.from === range.from && holidaysNotServed.to === range.to) return;
    let feed;
    try {
      feed = await call('reference:exchangeHolidays', { FromDate: range.from, ToDate: range.to }, { signal: owned.signal });
    } catch (error) {
      if (isCancelled(error)) throw error;
      // Beyond the spec: a platform may not serve it. Weekends still count; the other calendars' facts stand.
      const notServed = error instanceof DeskCallError && error.status === 404;
      if (notServed) holidaysNotServed = range;
      holidays = new Map();
      holidayRange = undefined;
      calendars.clear();
      weekendsOnly.value = notServed
        ? 'This platform does not serve market holidays (GET /ref/v1/exchanges/holidays answered 404): deadlines count business days over weekends only.'
        : `Market holidays could not be read (${messageOf(error)}): deadlines count business days over weekends only until they can.`;
      return;
    }
    weekendsOnly.value = undefined;
    const byExchange = new Map<string, string[]>();
    for (const holiday of feed.Data) byExchange.set(holiday.ExchangeId, [...(byExchange.get(holiday.ExchangeId) ?? []), holiday.Date]);
    holidays = byExchange;
    holidayRange = range;
    calendars.clear();
  }

  /** Reads which exchange each not yet known instrument of `events` with a deadline is listed on (the others need no calendar). */
  async function readListings(events: readonly CorporateActionEvent[]): Promise<void> {
    const missing = new Map<KnownAssetType, Set<number>>();
    for (const event of events) {
      if (!hasDeadline(event)) continue;
      const assetType = assetTypes.find((known) => known === event.AssetType);
      if (event.Uic === undefined || assetType === undefined) continue;
      if (listedOn.has(instrumentKey(assetType, event.Uic))) continue;
      missing.set(assetType, (missing.get(assetType) ?? new Set()).add(event.Uic));
    }
    for (const [assetType, uics] of missing) {
      const all = [...uics];
      for (let start = 0; start < all.length; start += UICS_PER_READ) {
        const chunk = all.slice(start, start + UICS_PER_READ);
        const feed = await call(
          'instruments:detailsList',
          { Uics: chunk, AssetTypes: [assetType], $top: UICS_PER_READ },
          { signal: owned.signal },
        );
        for (const uic of chunk) listedOn.set(instrumentKey(assetType, uic), null);
        for (const details of feed.Data)
          if (details.Uic !== undefined)
            listedOn.set(instrumentKey(String(details.AssetType), details.Uic), details.Exchange?.ExchangeId ?? null);
      }
    }
  }

  /**
   * Makes sure the calendars of `events` at `now` are known: exchanges, holidays around `now`
   * and the instruments' listings. Failures are kept in `problem`, never thrown.
   */
  async function prepare(events: readonly CorporateActionEvent[], now: number): Promise<void> {
    try {
      await Promise.all([readExchanges(), readHolidays(now), readListings(events)]);
      problem.value = undefined;
    } catch (error) {
      problem.value = `Market calendars could not be read (${messageOf(error)}): deadlines count weekdays in UTC where the market is not known.`;
    } finally {
      revision.value++;
    }
  }

  function calendarOfExchange(exchangeId: string): MarketCalendar | undefined {
    const cached = calendars.get(exchangeId);
    if (cached) return cached;
    const exchange = exchanges.get(exchangeId);
    if (!exchange) return undefined;
    const calendar = marketCalendar({
      exchangeId,
      name: exchange.Name,
      zone: exchange.TimeZoneName,
      weekendDays: exchange.TradingHours?.WeekendDays ?? ['Saturday', 'Sunday'],
      holidays: holidays.get(exchangeId) ?? [],
      holidaysKnown: holidayRange,
    });
    calendars.set(exchangeId, calendar);
    return calendar;
  }

  /** The issuer's home market of an instrument traded over the counter: the first listed exchange of its ISIN's country. */
  function homeMarketOf(event: CorporateActionEvent): string | undefined {
    const prefix = event.DisplayAndFormat?.IsinCode?.slice(0, 2);
    if (!prefix) return undefined;
    const country = prefix === 'XS' ? INTERNATIONAL_SECURITIES_COUNTRY : prefix;
    return [...exchanges.values()].find((exchange) => exchange.CountryCode === country && exchange.IsoMic)?.ExchangeId;
  }

  /** The calendar an event's deadlines count in (UNKNOWN_MARKET until its market is known). */
  function calendarOf(event: CorporateActionEvent): MarketCalendar {
    void revision.value; // read, so computed values that count deadlines count again once calendars arrive
    const listed =
      event.Uic !== undefined && event.AssetType !== undefined
        ? listedOn.get(instrumentKey(event.AssetType, event.Uic))
        : undefined;
    if (!listed) return UNKNOWN_MARKET;
    const overTheCounter = exchanges.get(listed) !== undefined && !exchanges.get(listed)?.IsoMic;
    const market = overTheCounter ? (homeMarketOf(event) ?? listed) : listed;
    return calendarOfExchange(market) ?? UNKNOWN_MARKET;
  }

  return { revision, problem, weekendsOnly, prepare, calendarOf };
});
