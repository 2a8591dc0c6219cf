/**
 * Limits per member, so one member (or one stolen token) cannot fill the audit log, the
 * database or the sockets for everybody else: requests per second, review actions per second
 * (a bulk call counts each of its actions) and open live streams. Counted by each replica for
 * itself: with N replicas a member may reach N times the figures. Refusals are 429 with
 * Retry-After, before any work (requests are counted before their body is read).
 */
import { MAX_BULK_EVENTS } from '../../../contract/corporateActions';
import { ReviewServiceError } from '../errors';
import type { Member } from '../team';

export interface MemberLimits {
  /** Requests per second, every route (a burst of twice as many is allowed). */
  requestsPerSecond: number;
  /** Review actions per second; a burst of two full bulk calls (2 × 1,000) is allowed. */
  actionsPerSecond: number;
  /** Live streams open at once on one replica. */
  streams: number;
}

export const DEFAULT_MEMBER_LIMITS: MemberLimits = {
  requestsPerSecond: 20,
  actionsPerSecond: 100,
  streams: 4,
};

/** A token bucket: `rate` per second, holding at most `capacity`. */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    readonly capacity: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  /** Takes `cost`; answers 0 when taken, else the seconds until it could be. */
  take(cost: number, now: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens >= cost) {
      this.tokens -= cost;
      return 0;
    }
    return Math.max(1, Math.ceil((cost - this.tokens) / this.rate));
  }
}

export class MemberRateLimits {
  private readonly requests = new Map<string, Bucket>();
  private readonly actions = new Map<string, Bucket>();

  constructor(
    readonly limits: MemberLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `member`; throws 429 beyond the limit. */
  request(member: Member): void {
    const { requestsPerSecond: rate } = this.limits;
    const wait = this.bucket(this.requests, member, rate, rate * 2).take(1, this.now());
    if (wait > 0) {
      throw tooMany(
        `Too many requests from ${member.name}: at most ${rate} a second on this replica. Wait ${wait} s and try again.`,
        wait,
      );
    }
  }

  /** Counts `count` review actions of `member`; throws 429 beyond the limit (nothing is applied then). */
  reviewActions(member: Member, count: number): void {
    const { actionsPerSecond: rate } = this.limits;
    const bucket = this.bucket(this.actions, member, rate, Math.max(rate, 2 * MAX_BULK_EVENTS));
    const wait = bucket.take(Math.min(count, bucket.capacity), this.now());
    if (wait > 0) {
      throw tooMany(
        `Too many review actions from ${member.name}: at most ${rate} a second on this replica (${bucket.capacity} at once). Nothing was changed; wait ${wait} s and try again.`,
        wait,
      );
    }
  }

  private bucket(buckets: Map<string, Bucket>, member: Member, rate: number, capacity: number): Bucket {
    let bucket = buckets.get(member.userKey);
    if (!bucket) {
      // Only members get here (the token is checked first), so these maps stay the team's size.
      bucket = new Bucket(rate, capacity, this.now());
      buckets.set(member.userKey, bucket);
    }
    return bucket;
  }
}

export function tooMany(message: string, retryAfterSeconds: number): ReviewServiceError {
  return new ReviewServiceError(429, 'TooManyRequests', message, { retryAfterSeconds });
}
