/**
 * The back office's escalation, whatever workspace is open: every minute while someone is signed
 * in, the events whose deadlines lie around now (the service's deadline filter, with room for
 * long weekends) are placed in the queue as the inbox places them, and the open ones due within
 * 2 business days are counted for the navigation badge. Review decisions taken meanwhile count
 * at once. With notifications on (Settings), new or changed events reaching the user's accounts
 * and unreviewed deadlines within a day are shown on the desktop, each once.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CorporateActionEvent } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { useSettingsStore } from '../settings/useSettingsStore';
import { deadlineNotices, dueSoonIds, eventNotices } from './logic/escalation';
import { DEFAULT_OVERDUE_BUSINESS_DAYS, placeInQueue, type QueuePlacing } from './logic/queue';
import { showDesktopNotice } from './desktopNotice';
import { useCorporateActionsStore } from './useCorporateActionsStore';
import { useMarketCalendarsStore } from './useMarketCalendarsStore';
import { useReviewStore } from './useReviewStore';
import { useServiceClockStore } from './useServiceClockStore';

const DAY_MS = 86_400_000;
/** How often the service is asked again. */
const POLL_MS = 60_000;
/** Calendar days read around now: 2 business days ahead can span a long holiday weekend. */
const DAYS_BEHIND = 3;
const DAYS_AHEAD = 14;
/** Most events one look reads (a day's window of deadlines fits many times over). */
const MAX_EVENTS = 5000;
/** The newest updates compared for new or changed events. */
const LATEST_UPDATES = 100;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export const useEscalationStore = defineStore('escalation', () => {
  const review = useReviewStore();
  const calendars = useMarketCalendarsStore();
  const serviceClock = useServiceClockStore();
  const settings = useSettingsStore();
  const inbox = useCorporateActionsStore();
  /** The events whose deadlines lie around now, as read last. */
  const watched = shallowRef<CorporateActionEvent[]>([]);
  const problem = ref<string>();
  /** EventId → UpdatedDateTime of the newest updates seen (undefined until the first look). */
  let seen: Map<string, string> | undefined;
  /** Deadlines already notified (`EventId|instant`). */
  const told = new Set<string>();
  const owned = useOwnedState(() => {
    watched.value = [];
    problem.value = undefined;
    seen = undefined;
    told.clear();
  });

  const placings = computed(() => {
    const context = {
      clock: { now: serviceClock.now, calendarOf: calendars.calendarOf },
      worker: inbox.worker,
      overdueBusinessDays: settings.settings?.workQueue?.overdueBusinessDays ?? DEFAULT_OVERDUE_BUSINESS_DAYS,
    };
    return new Map<string, QueuePlacing>(
      watched.value.map((event) => [event.EventId, placeInQueue(event, review.states[event.EventId], context)]),
    );
  });
  /** The open events due within 2 business days: the navigation badge. */
  const dueSoon = computed(() => dueSoonIds(placings.value));

  async function readWatched(now: number): Promise<CorporateActionEvent[]> {
    const events: CorporateActionEvent[] = [];
    for (;;) {
      const feed = await call(
        'corporateActions:events',
        {
          FromDeadlineDate: isoDay(now - DAYS_BEHIND * DAY_MS),
          ToDeadlineDate: isoDay(now + DAYS_AHEAD * DAY_MS),
          SortColumn: 'Date',
          SortType: 'Asc',
          $top: 1000,
          $skip: events.length,
        },
        { signal: owned.signal },
      );
      events.push(...feed.Data);
      if (feed.Data.length === 0 || feed.__next === undefined || events.length >= MAX_EVENTS) return events;
    }
  }

  /** One look: the deadlines around now (with their review states and markets), then what to notify. */
  async function look(): Promise<void> {
    const now = serviceClock.now;
    try {
      const events = await readWatched(now);
      await review.loadStates(events.map((event) => event.EventId).filter((id) => !(id in review.states)));
      await calendars.prepare(events, now);
      watched.value = events;
      problem.value = undefined;
      await notify(now);
    } catch (error) {
      if (!isCancelled(error)) problem.value = messageOf(error);
    }
  }

  async function notify(now: number): Promise<void> {
    const latest = await call(
      'corporateActions:events',
      { SortColumn: 'UpdatedDateTime', SortType: 'Desc', $top: LATEST_UPDATES },
      { signal: owned.signal },
    );
    const firstLook = seen === undefined;
    // What is new is counted from the first look, with notifications on or off.
    const changed = eventNotices(latest.Data, seen);
    if (firstLook) seen = new Map(latest.Data.map((event) => [event.EventId, event.UpdatedDateTime ?? '']));
    if (!settings.settings?.workQueue?.notifications) return;
    const deadlines = deadlineNotices(watched.value, placings.value, now, told);
    for (const notice of [...deadlines, ...changed]) await showDesktopNotice(notice);
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  /** Starts looking (now and every minute) for the signed-in user. */
  function start(): void {
    if (timer !== undefined) return;
    serviceClock.start();
    void Promise.all([serviceClock.load(), settings.load()]).then(look);
    timer = setInterval(() => void look(), POLL_MS);
  }

  /** Stops looking (signed out). */
  function stop(): void {
    clearInterval(timer);
    timer = undefined;
  }

  return { dueSoon, problem, start, stop, look };
});
