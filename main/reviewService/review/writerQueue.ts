/**
 * The team's writers on this replica, in groups: the team's lock lets one writer in at a time
 * anyway (whatever the replica), so requests that arrive while a group is being written wait
 * here, not on pooled connections (reads go on), and are then written together, in one
 * transaction (group commit): under load a request costs the database a share of two round
 * trips and one commit instead of its own.
 */

/** Most requests, and most actions, written in one group. */
const MAX_REQUESTS = 64;
const MAX_ACTIONS = 1000;

export interface Queued<J, R> {
  job: J;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class WriterQueue<J extends { actions: unknown[] }, R> {
  private readonly waiting: Queued<J, R>[] = [];
  private writing = false;

  /** `write` settles every request of the group it is given (it never throws). */
  constructor(private readonly write: (group: Queued<J, R>[]) => Promise<void>) {}

  /** Queues a request; resolves with its outcome once its group is written. */
  submit(job: J): Promise<R> {
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
        let actions = 0;
        let size = 0;
        while (
          size < this.waiting.length &&
          size < MAX_REQUESTS &&
          (size === 0 || actions + this.waiting[size]!.job.actions.length <= MAX_ACTIONS)
        ) {
          actions += this.waiting[size]!.job.actions.length;
          size++;
        }
        await this.write(this.waiting.splice(0, size));
      }
    } finally {
      this.writing = false;
    }
  }
}
