/**
 * The team's writers on this replica, in groups: the team's lock lets one writer in at a time
 * anyway (whatever the replica), so requests that arrive while a group is being written wait
 * here, not on pooled connections (reads go on), and are then written together, in one
 * transaction (group commit): under load a request costs the database a share of two round
 * trips and one commit instead of its own.
 *
 * Under load a group also waits a moment for more (the gather window): a group's fixed cost in
 * the database (lock, round trips, commit, notification, every replica's read of the change)
 * is about three times a request's own, so larger groups cost less per action. It waits only
 * while requests arrive close together, so a lone request is written at once.
 */

/** Most requests, and most actions, written in one group. */
const MAX_REQUESTS = 64;
const MAX_ACTIONS = 1000;
/** How long a group waits for more requests while they are arriving (bounded added latency). */
export const GATHER_MS = 2;
/** Requests closer together than this (100 a second) mean the queue is busy. */
const BUSY_GAP_MS = 10;

export interface Queued<J, R> {
  job: J;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class WriterQueue<J extends { actions: unknown[] }, R> {
  private readonly waiting: Queued<J, R>[] = [];
  private writing = false;
  private lastArrival = -Infinity;
  /** Time between the last two requests: how busy the queue is right now. */
  private arrivalGapMs = Infinity;

  /** `write` settles every request of the group it is given, and of those `more` hands it (it never throws). */
  constructor(
    private readonly write: (group: Queued<J, R>[], more: () => Queued<J, R>[]) => Promise<void>,
    private readonly gatherMs = GATHER_MS,
  ) {}

  /** Queues a request; resolves with its outcome once its group is written. */
  submit(job: J): Promise<R> {
    const now = performance.now();
    this.arrivalGapMs = now - this.lastArrival;
    this.lastArrival = now;
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        if (this.arriving()) await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
        const group = this.take({ requests: 0, actions: 0 });
        const size = {
          requests: group.length,
          actions: group.reduce((total, queued) => total + queued.job.actions.length, 0),
        };
        let tookMore = false;
        await this.write(group, () => {
          if (tookMore) return [];
          tookMore = true;
          return this.take(size);
        });
      }
    } finally {
      this.writing = false;
    }
  }

  /** Takes the waiting requests that fit in a group of `size` so far (at least one into an empty group). */
  private take(size: { requests: number; actions: number }): Queued<J, R>[] {
    let taken = 0;
    while (
      taken < this.waiting.length &&
      size.requests + taken < MAX_REQUESTS &&
      (size.requests + taken === 0 || size.actions + this.waiting[taken]!.job.actions.length <= MAX_ACTIONS)
    ) {
      size.actions += this.waiting[taken]!.job.actions.length;
      taken++;
    }
    size.requests += taken;
    return this.waiting.splice(0, taken);
  }

  /** Whether more requests are likely within the window: they come close together and the group has room. */
  private arriving(): boolean {
    return (
      this.gatherMs > 0 &&
      this.waiting.length < MAX_REQUESTS &&
      this.arrivalGapMs < BUSY_GAP_MS
    );
  }
}
