/**
 * The team's writers on this replica, in groups: the team's lock lets one writer in at a time
 * anyway (whatever the replica), so requests that arrive while a group is being written wait
 * here, not on pooled connections (reads go on), and are then written together, in one
 * transaction (group commit): under load a request costs the database a share of two round
 * trips and one commit instead of its own.
 *
 * A group's fixed cost in the database (lock, round trips, commit, notification, the other
 * replicas' read of the change) is several times a request's, so under load the team's groups
 * take turns between replicas: while a replica hears other replicas writing, its group begins
 * CYCLE_MS after the team's last commit heard of, gathering what arrives meanwhile, and after its
 * own commit it leaves them the next turn: it waits for their commit (at most two cycles) and,
 * having gathered for a cycle, goes right after it. A replica alone waits GATHER_MS, as longer
 * waits only added latency (its CPU per action stayed the same at twice the group size). Without turns two replicas each wrote a
 * small group right behind the other's (bench, 30 s runs, 2026-11-29: 8.1 actions a group and
 * 0.61 ms of PostgreSQL CPU an action; with turns 11.8 and 0.49). A lone request (arrivals
 * further apart than BUSY_GAP_MS) is written at once, and none waits more than two cycles here.
 */

/** Most requests, and most actions, written in one group. */
const MAX_REQUESTS = 64;
const MAX_ACTIONS = 1000;
/** How long a group waits for more requests while they are arriving (bounded added latency). */
export const GATHER_MS = 2;
/** Under load, a group begins this long after the team's last commit. */
export const CYCLE_MS = 40;
/** Another replica's commit heard this recently means it writes too (turns are taken). */
const OTHERS_WRITING_MS = 1000;
/** Requests closer together than this (100 a second) mean the queue is busy. */
const BUSY_GAP_MS = 10;

export interface Queued<J, R> {
  job: J;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** The team's commits as this replica hears of them (the change feed). */
export interface TeamCommits {
  /** The last commit heard of (performance.now()), and whether it was this replica's. */
  readonly lastCommit: { at: number; own: boolean };
  /** performance.now() of the last commit heard of that was another replica's. */
  readonly otherCommitAt: number;
  /** Resolves at the next commit heard of, or after `timeoutMs`. */
  nextCommit(timeoutMs: number): Promise<void>;
}

/** Writes a group (and what `more` hands it once the lock is held), settling every request; never throws. */
export type WriteGroup<J, R> = (group: Queued<J, R>[], more: () => Queued<J, R>[]) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WriterQueue<J extends { actions: unknown[] }, R> {
  private readonly waiting: Queued<J, R>[] = [];
  private writing = false;
  private lastArrival = -Infinity;
  /** Time between the last two requests: how busy the queue is right now. */
  private arrivalGapMs = Infinity;

  constructor(
    private readonly write: WriteGroup<J, R>,
    private readonly options: { gatherMs?: number; commits?: TeamCommits } = {},
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
        if (this.arriving()) await this.gather();
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

  /** Waits for the group's turn: GATHER_MS for a replica alone (or without the team's commits). */
  private async gather(): Promise<void> {
    const started = performance.now();
    const gatherMs = this.options.gatherMs ?? GATHER_MS;
    const commits = this.options.commits;
    // Alone, a replica's groups queue behind nobody's: a longer wait only added latency.
    if (!commits || started - commits.otherCommitAt >= OTHERS_WRITING_MS) {
      await sleep(gatherMs);
      return;
    }
    for (;;) {
      const now = performance.now();
      const { at, own } = commits.lastCommit;
      const turn = own ? 2 * CYCLE_MS : CYCLE_MS;
      // Re-read at every commit heard of: the other replica's commit starts this one's turn.
      const due = Math.max(started + gatherMs, Math.min(at + turn, started + turn));
      if (now >= due) return;
      await commits.nextCommit(due - now);
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
      (this.options.gatherMs ?? GATHER_MS) > 0 &&
      this.waiting.length < MAX_REQUESTS &&
      this.arrivalGapMs < BUSY_GAP_MS
    );
  }
}
