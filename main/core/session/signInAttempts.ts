/**
 * Browser sign-ins in progress. One at a time: starting another cancels the first (its window
 * or popup is stale). Each attempt settles exactly once (signed in, cancelled or failed) and
 * its outcome is kept a little while, so a caller that asks after it settled still learns it.
 */
import { randomUUID } from 'node:crypto';
import type { PendingAuthorization } from './grants';

/** How a sign-in ended; `message` is for the user. */
export type AttemptOutcome = { outcome: 'signedIn' } | { outcome: 'cancelled' } | { outcome: 'failed'; message: string };

export interface SignInAttempt {
  id: string;
  pending: PendingAuthorization;
  /** Resolves when the attempt settles. */
  settled: Promise<AttemptOutcome>;
}

interface AttemptEntry extends SignInAttempt {
  settle(outcome: AttemptOutcome): void;
  outcome?: AttemptOutcome;
  timer: NodeJS.Timeout;
}

/** How long a login page may stay open before the attempt is given up. */
const ATTEMPT_LIFETIME_MS = 10 * 60_000;
/** How long a settled attempt's outcome stays available. */
const OUTCOME_KEPT_MS = 60_000;

export class SignInAttempts {
  private readonly entries = new Map<string, AttemptEntry>();
  private currentId: string | undefined;

  constructor(private readonly lifetimeMs = ATTEMPT_LIFETIME_MS) {}

  /** Registers a new attempt, cancelling the one in progress. */
  start(pending: PendingAuthorization): SignInAttempt {
    this.cancelCurrent();
    let settle!: (outcome: AttemptOutcome) => void;
    const settled = new Promise<AttemptOutcome>((resolve) => (settle = resolve));
    const id = randomUUID();
    const entry: AttemptEntry = {
      id,
      pending,
      settled,
      settle,
      timer: setTimeout(
        () => this.settle(id, { outcome: 'failed', message: 'The sign-in page was open too long; please sign in again.' }),
        this.lifetimeMs,
      ),
    };
    entry.timer.unref?.();
    this.entries.set(id, entry);
    this.currentId = id;
    return entry;
  }

  /** The attempt in progress, if any. */
  current(): SignInAttempt | undefined {
    const entry = this.currentId ? this.entries.get(this.currentId) : undefined;
    return entry && !entry.outcome ? entry : undefined;
  }

  /** The attempt with `id`, in progress or recently settled. */
  get(id: string): SignInAttempt | undefined {
    return this.entries.get(id);
  }

  /** Ends an attempt once; later calls for the same attempt change nothing. */
  settle(id: string, outcome: AttemptOutcome): void {
    const entry = this.entries.get(id);
    if (!entry || entry.outcome) return;
    entry.outcome = outcome;
    clearTimeout(entry.timer);
    if (this.currentId === id) this.currentId = undefined;
    entry.settle(outcome);
    // Forget the attempt (and its state and PKCE verifier) once a late caller had its chance.
    setTimeout(() => this.entries.delete(id), OUTCOME_KEPT_MS).unref?.();
  }

  /** Cancels the attempt in progress (a new sign-in, a sign-out or a profile switch). */
  cancelCurrent(): void {
    if (this.currentId) this.settle(this.currentId, { outcome: 'cancelled' });
  }

  /** Cancels everything (shutdown). */
  close(): void {
    for (const id of [...this.entries.keys()]) this.settle(id, { outcome: 'cancelled' });
  }
}
