/**
 * What every kind of subscription shares: who it belongs to and how often it refreshes; each
 * kind says what its snapshot is and what changed since it last sent something.
 */
import type { TickMemo } from './tickMemo';

/** The endpoints subscriptions are made at. */
export type SubscriptionKind = 'infoprices' | 'prices' | 'optionschain';

export abstract class Subscription {
  /** When (real time, ms) it is next due to send what changed. */
  nextDue = 0;
  /** When (real time, ms) it last sent data or a heartbeat. */
  lastHeard: number;

  constructor(
    readonly kind: SubscriptionKind,
    readonly referenceId: string,
    readonly refreshRate: number,
    readonly tag: string | undefined,
    now: number,
  ) {
    this.lastHeard = now;
  }

  /** The snapshot of the subscription's 201 answer (it becomes what later deltas compare with). */
  abstract snapshot(tick: TickMemo): unknown;

  /** The JSON payload of what changed since the last snapshot or delta, or undefined when nothing did. */
  abstract delta(tick: TickMemo): string | undefined;

  /** How many instruments' quotes the last delta carried (for the benchmark's count). */
  lastDeltaQuotes = 0;
}
