/**
 * Login throttling: after repeated wrong passwords for a login name, or from one client address,
 * sign-ins there are refused for a delay that doubles with every further failure, up to a cap.
 * While locked out even the right password is refused (it is not even checked, so the answer
 * says nothing about it); a successful sign-in clears the login name's failures; failures are
 * forgotten after a quiet spell. Unknown login names are throttled like known ones, so the
 * answers do not tell which names exist.
 */
import { LRUCache } from 'lru-cache';

export interface ThrottlePolicy {
  /** The failure that starts the first lockout (the ones before it are free). */
  lockoutAfterFailures: number;
  /** The first lockout; each further failure doubles it. */
  firstLockoutMs: number;
  maxLockoutMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
}

/** Per login name: 5 failures lock it for 1 s, then 2, 4, 8 s … up to 5 minutes. */
export const LOGIN_NAME_POLICY: ThrottlePolicy = {
  lockoutAfterFailures: 5,
  firstLockoutMs: 1_000,
  maxLockoutMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
};

/**
 * Per client address: more failures are allowed, because every user on the machine shares the
 * loopback address; it stops one address from trying many login names.
 */
export const CLIENT_ADDRESS_POLICY: ThrottlePolicy = { ...LOGIN_NAME_POLICY, lockoutAfterFailures: 20 };

/** What is throttled: a login name (compared case-insensitively, like sign-in) or a client address. */
export type ThrottleSubject = { kind: 'loginName'; value: string } | { kind: 'clientAddress'; value: string };

/** A subject that may not sign in yet, and for how much longer. */
export interface Lockout {
  subject: ThrottleSubject;
  retryAfterMs: number;
}

interface FailureRecord {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

const POLICIES: Record<ThrottleSubject['kind'], ThrottlePolicy> = {
  loginName: LOGIN_NAME_POLICY,
  clientAddress: CLIENT_ADDRESS_POLICY,
};

function keyOf(subject: ThrottleSubject): string {
  return `${subject.kind}:${subject.kind === 'loginName' ? subject.value.toLowerCase() : subject.value}`;
}

export class LoginThrottle {
  /** Bounded, so a flood of made-up names cannot grow it without end (the address record still counts them). */
  private recordsCache: LRUCache<string, FailureRecord> | undefined;
  // Made at the first failed sign-in: lru-cache allocates its `max` up front (8–11 ms of every start).
  private get records(): LRUCache<string, FailureRecord> {
    return (this.recordsCache ??= new LRUCache<string, FailureRecord>({ max: 50_000 }));
  }

  constructor(private readonly policies: Record<ThrottleSubject['kind'], ThrottlePolicy> = POLICIES) {}

  /** The longest lockout among `subjects` at `now`, or undefined when all of them may sign in. */
  lockout(subjects: ThrottleSubject[], now: Date): Lockout | undefined {
    let longest: Lockout | undefined;
    for (const subject of subjects) {
      const record = this.current(subject, now);
      const retryAfterMs = record ? record.lockedUntil - now.getTime() : 0;
      if (retryAfterMs > 0 && (longest === undefined || retryAfterMs > longest.retryAfterMs)) longest = { subject, retryAfterMs };
    }
    return longest;
  }

  /** Counts a failed sign-in against every subject; the lockout it starts, if any. */
  recordFailure(subjects: ThrottleSubject[], now: Date): Lockout | undefined {
    for (const subject of subjects) {
      const policy = this.policies[subject.kind];
      const record = this.current(subject, now) ?? { failures: 0, lastFailureAt: 0, lockedUntil: 0 };
      record.failures += 1;
      record.lastFailureAt = now.getTime();
      const beyond = record.failures - policy.lockoutAfterFailures;
      if (beyond >= 0) {
        // 2 ** beyond overflows to Infinity long after the cap applies; Math.min keeps it finite.
        record.lockedUntil = now.getTime() + Math.min(policy.maxLockoutMs, policy.firstLockoutMs * 2 ** Math.min(beyond, 40));
      }
      this.records.set(keyOf(subject), record);
    }
    return this.lockout(subjects, now);
  }

  /** A successful sign-in: the subject starts afresh. */
  recordSuccess(subject: ThrottleSubject): void {
    this.records.delete(keyOf(subject));
  }

  /** The subject's record, unless it has been quiet long enough to be forgotten. */
  private current(subject: ThrottleSubject, now: Date): FailureRecord | undefined {
    const key = keyOf(subject);
    const record = this.records.get(key);
    if (record === undefined) return undefined;
    const quietSince = Math.max(record.lastFailureAt, record.lockedUntil);
    if (now.getTime() - quietSince > this.policies[subject.kind].forgetAfterMs) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }
}

/** The login page's words for a lockout, e.g. "Too many failed sign-ins for demo. Try again in 4 seconds." */
export function describeLockout(lockout: Lockout): string {
  const seconds = Math.max(1, Math.ceil(lockout.retryAfterMs / 1000));
  const wait = `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  return lockout.subject.kind === 'loginName'
    ? `Too many failed sign-ins for ${lockout.subject.value}. ${wait}`
    : `Too many failed sign-ins from this computer. ${wait}`;
}
