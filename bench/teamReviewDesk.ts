/**
 * One simulated analyst's desk for the team review bench: a live stream and a loop of mixed
 * review actions on a shared set of events, as fast as answers come back. The desk keeps the
 * versions it has seen (from its answers, its stream and 409 bodies) the way the inbox would,
 * chooses actions that make sense for what it sees, sends each under an idempotency key of its
 * own, and records every latency, arrival and acknowledged key.
 */
import { randomUUID } from 'node:crypto';
import type { ReviewAction, ReviewChangeMessage, SharedEventReview } from '../contract/wire/review';
import { TeamReviewClient, type LiveStream } from '../test/support/reviewServiceClient';

/** What all desks of one run share: the clock of sent changes, by Sequence. */
export interface RunLedger {
  /** performance.now() when the action behind each shared change was sent. */
  sentAt: Map<number, number>;
  /** performance.now() when its author's desk got the answer (the change shows as saved there). */
  ackedAt: Map<number, number>;
  /** The desk that made each shared change. */
  madeBy: Map<number, number>;
  /** Each acknowledged change's idempotency key and the Sequence it answered (checked against the database). */
  keys: Map<string, number>;
}

export interface DeskTally {
  actions: number;
  latenciesMs: number[];
  conflicts: number;
  /** Business refusals a real desk would also meet (approving what someone else just approved, …). */
  refused: number;
  errors: number;
  /** What the errors were (status and ErrorCode, or the exception's message), counted. */
  errorKinds: Map<string, number>;
  /** Arrivals on this desk's stream: Sequence → performance.now(). */
  arrivals: Map<number, number>;
}

export class Desk {
  readonly tally: DeskTally = {
    actions: 0,
    latenciesMs: [],
    conflicts: 0,
    refused: 0,
    errors: 0,
    errorKinds: new Map(),
    arrivals: new Map(),
  };
  private readonly seen = new Map<string, SharedEventReview>();
  private stream: LiveStream | undefined;
  private readonly client: TeamReviewClient;

  constructor(
    readonly index: number,
    private readonly userKey: string,
    replicas: string[],
    token: string,
    private readonly eventIds: string[],
    private readonly ledger: RunLedger,
  ) {
    this.client = new TeamReviewClient(replicas, () => token);
  }

  /** Opens the live stream and waits until it is connected. */
  async connect(): Promise<void> {
    this.stream = this.client.stream();
    this.stream.onMessage = (message) => {
      if (message.event !== 'change') return;
      const change = message.data as ReviewChangeMessage;
      this.tally.arrivals.set(change.Sequence, message.at);
      for (const review of change.Reviews) this.remember(review);
    };
    await this.stream.waitFor((message) => message.event === 'ready', 30_000);
    // From here on the desk reads its messages as they come (onMessage) and keeps none.
    this.stream.keep = false;
    this.stream.messages.length = 0;
  }

  /** Acts until `until` (performance.now()). */
  async run(until: number): Promise<void> {
    while (performance.now() < until) await this.actOnce();
  }

  /** The newest Sequence this desk's stream delivered. */
  get lastArrival(): number {
    return Number(this.stream?.lastEventId ?? 0);
  }

  close(): void {
    this.stream?.close();
  }

  private async actOnce(): Promise<void> {
    const eventId = this.eventIds[Math.floor(Math.random() * this.eventIds.length)]!;
    const action = this.choose(eventId, this.seen.get(eventId));
    const sent = performance.now();
    const key = randomUUID();
    try {
      const answer = await this.client.request({ key }, action);
      const answered = performance.now();
      this.tally.latenciesMs.push(answered - sent);
      this.tally.actions++;
      if (answer.status === 200) {
        for (const review of answer.body.Data) this.remember(review);
        const sequence = answer.body.Sequence;
        if (sequence !== undefined) this.ledger.keys.set(key, sequence);
        // Only a shared change reaches the other desks: not a read mark, nor a MarkReviewed that
        // only marked the event read again (the same reviewer, the event unchanged).
        const shared =
          action.Action === 'AddNote' ||
          (action.Action !== 'SetRead' && answer.body.Data[0]!.Version > action.Version);
        if (sequence !== undefined && shared) {
          this.ledger.sentAt.set(sequence, sent);
          this.ledger.ackedAt.set(sequence, answered);
          this.ledger.madeBy.set(sequence, this.index);
        }
      } else if (answer.status === 409 && answer.body.ErrorCode === 'ReviewConflict') {
        this.tally.conflicts++;
        for (const conflict of answer.body.Conflicts ?? []) this.remember(conflict.Current);
      } else if (answer.status === 403 || answer.status === 409) {
        this.tally.refused++;
      } else {
        this.error(`${answer.status} ${answer.body.ErrorCode ?? ''}`);
      }
    } catch (error) {
      this.error((error as Error).message);
    }
  }

  private error(kind: string): void {
    this.tally.errors++;
    this.tally.errorKinds.set(kind, (this.tally.errorKinds.get(kind) ?? 0) + 1);
  }

  /** Keeps the newest state seen of an event (answers and stream messages may arrive in either order). */
  private remember(review: SharedEventReview): void {
    const known = this.seen.get(review.EventId);
    if (!known || known.Version <= review.Version) this.seen.set(review.EventId, review);
  }

  /** A mix close to a triage session: mostly reading, flagging and notes, then reviews and approvals. */
  private choose(eventId: string, state: SharedEventReview | undefined): ReviewAction {
    const Version = state?.Version ?? 0;
    const roll = Math.random();
    if (
      state?.ReviewStatus === 'AwaitingApproval' &&
      state.Reviewed?.By.UserKey !== this.userKey &&
      roll < 0.5
    ) {
      return { Action: 'Approve', EventId: eventId, Version };
    }
    if (roll < 0.2) return { Action: 'SetRead', EventId: eventId, Read: Math.random() < 0.8 };
    if (roll < 0.4) return { Action: 'SetFlagged', EventId: eventId, Version, Flagged: !state?.Flagged };
    if (roll < 0.6)
      return { Action: 'AddNote', EventId: eventId, Note: `Desk ${this.index} checked at ${Date.now()}.` };
    if (roll < 0.7) return { Action: 'Assign', EventId: eventId, Version, Assignee: this.userKey };
    if (roll < 0.95 || !state?.Reviewed) {
      // The service reads the event from the platform (the bench's stand-in) and decides four eyes on it.
      return { Action: 'MarkReviewed', EventId: eventId, Version };
    }
    return { Action: 'Unreview', EventId: eventId, Version };
  }
}
