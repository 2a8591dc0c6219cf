/**
 * The clock of a session: when to warn that the token expires soon, when to refresh it (if the
 * flow gave a refresh token) and when it has expired. Times come from a pure function, so the
 * schedule is tested without waiting; the timers are only the plumbing around it.
 */

export interface SessionSchedule {
  /** Epoch ms of the "expires soon" warning. */
  warnAt: number;
  /** Epoch ms at which to refresh, when refreshing is possible. */
  refreshAt?: number;
  /** Epoch ms of expiry. */
  expireAt: number;
}

/** Warn this long before expiry at most (the platform's own client warns only 10 s ahead). */
const MAX_WARNING_MS = 120_000;
/** Refresh this long before expiry at most: before the warning, so a renewed session never warns. */
const MAX_REFRESH_MARGIN_MS = 150_000;

/**
 * The schedule of a token valid from `now` until `expiresAt`: the renewal (with the refresh
 * token, or through the login page out of sight) half the lifetime ahead (150 s at most), the
 * warning a third ahead (two minutes at most). Short test lifetimes get both, in that order: a
 * successful renewal replaces the schedule, so the warning only comes when the session could not
 * be renewed. `refreshable`: the session can be renewed at all.
 */
export function sessionSchedule(now: number, expiresAt: number, refreshable: boolean): SessionSchedule {
  const lifetime = Math.max(0, expiresAt - now);
  return {
    warnAt: expiresAt - Math.min(MAX_WARNING_MS, lifetime / 3),
    ...(refreshable ? { refreshAt: expiresAt - Math.min(MAX_REFRESH_MARGIN_MS, lifetime / 2) } : {}),
    expireAt: expiresAt,
  };
}

export interface SessionTimerHandlers {
  warn(): void;
  refresh(): void;
  expire(): void;
}

/** Node's timers cannot wait longer than about 24.8 days; longer waits are chained. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs the handlers of one schedule; `clear()` before scheduling the next session. */
export class SessionTimers {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly now: () => number) {}

  schedule(schedule: SessionSchedule, handlers: SessionTimerHandlers): void {
    this.clear();
    if (schedule.refreshAt !== undefined) this.at(schedule.refreshAt, handlers.refresh);
    this.at(schedule.warnAt, handlers.warn);
    this.at(schedule.expireAt, handlers.expire);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private at(time: number, run: () => void): void {
    const wait = Math.max(0, time - this.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (wait > MAX_TIMEOUT_MS) this.at(time, run);
      else run();
    }, Math.min(wait, MAX_TIMEOUT_MS));
    timer.unref?.();
    this.timers.add(timer);
  }
}
