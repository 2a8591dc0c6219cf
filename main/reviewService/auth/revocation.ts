/**
 * Whether the platform still honours a caller's token: a signature stays valid until the token
 * expires, but a user who signs out, or an administrator who revokes the session, ends it on
 * the platform at once. The service asks the platform with the token itself
 * (`GET {platform}/port/v1/users/me`, which the platform answers 401 for a revoked token) at most
 * once per token every CONFIRM_EVERY_MS, so a revocation is noticed within 30 s, by requests and
 * by open live streams alike (they ask again while open). A token's first use waits for the
 * platform's answer (a token revoked before it ever reached the service never gets in); later
 * confirmations are asked for in the background, so requests do not wait for the platform.
 *
 * When the platform cannot say (unreachable, timing out, 5xx, 429), a token confirmed less than
 * TRUST_UNCONFIRMED_MS ago is still accepted; older ones get 503: the service cannot vouch for a
 * caller it cannot check, and a control must not fall open.
 */
import { LRUCache } from 'lru-cache';
import { ReviewServiceError } from '../errors';
import { CLOCK_TOLERANCE_SECONDS } from './identity';
import type { PlatformAnswer, PlatformClient } from '../platform/platformClient';

/** How long one confirmation by the platform is trusted before the token is asked about again. */
export const CONFIRM_EVERY_MS = 25_000;
/** The oldest confirmation still trusted while the platform cannot answer. */
const TRUST_UNCONFIRMED_MS = 30_000;
/** The platform's read that every signed-in token may make and that answers 401 once it is revoked. */
const WHO_AM_I = '/port/v1/users/me';

/** The platform's last word on a token: honoured at that time, or refused (for good). */
type Verdict = { confirmedAt: number } | { refused: 'expired' | 'revoked' };

export interface RevocationCheck {
  /**
   * Resolves when the platform honours `token` (asked when its last confirmation is older than
   * CONFIRM_EVERY_MS); throws a 401 once the platform refuses it, a 503 when the platform cannot
   * say and the last confirmation is too old. A token never confirmed waits for the platform's
   * answer; one confirmed 25-30 s ago is let through while the platform is asked, unless
   * `waitForPlatform` (the periodic check of open streams). `expiresAt`: the token's expiry, to
   * say "expired" (which a client cures by renewing) when the platform refuses a token about to
   * expire.
   */
  confirm(token: string, expiresAt?: Date, options?: { waitForPlatform?: boolean }): Promise<void>;
}

export function createRevocationCheck(
  platform: PlatformClient,
  log: (line: string) => void,
  now: () => number = Date.now,
): RevocationCheck {
  const verdicts = new LRUCache<string, Verdict>({ max: 20_000 });
  const asking = new Map<string, Promise<PlatformAnswer>>();
  let platformDown = false;

  const ask = (token: string): Promise<PlatformAnswer> => {
    let pending = asking.get(token);
    if (!pending) {
      pending = platform.get(WHO_AM_I, token).finally(() => asking.delete(token));
      asking.set(token, pending);
    }
    return pending;
  };

  /** Logs when the platform stops answering and when it answers again (not once per request). */
  const platformAnswers = (answers: boolean, reason?: string) => {
    if (answers === !platformDown) return;
    platformDown = !answers;
    log(
      answers
        ? 'the platform answers again: sign-ins are confirmed again'
        : `the platform cannot confirm sign-ins (${reason}): callers not confirmed in the last ${TRUST_UNCONFIRMED_MS / 1000} s get 503`,
    );
  };

  /** Asks the platform about `token` and records its word; throws its refusal, or 503 when it cannot say. */
  const askAndRecord = async (
    token: string,
    expiresAt: Date | undefined,
    confirmedAt: number | undefined,
  ) => {
    const answer = await ask(token);
    if (answer.reached && answer.status === 401) {
      platformAnswers(true);
      // Refused just before it expires: the platform's clock is a little ahead of ours, and the
      // token has simply run out (which a client cures by renewing), not been revoked.
      const why =
        expiresAt && expiresAt.getTime() - now() < CLOCK_TOLERANCE_SECONDS * 1000 ? 'expired' : 'revoked';
      verdicts.set(token, { refused: why });
      throw refusal(why);
    }
    // 403: the platform knows the token and only refuses this read: it still honours it.
    if (answer.reached && ((answer.status >= 200 && answer.status < 300) || answer.status === 403)) {
      platformAnswers(true);
      // Another request may have been refused meanwhile: a revocation is never undone.
      const latest = verdicts.get(token);
      if (latest && 'refused' in latest) throw refusal(latest.refused);
      verdicts.set(token, { confirmedAt: now() });
      return;
    }
    const reason = answer.reached ? `it answered ${answer.status}` : answer.reason;
    platformAnswers(false, reason);
    if (confirmedAt !== undefined && now() - confirmedAt < TRUST_UNCONFIRMED_MS) return;
    throw new ReviewServiceError(
      503,
      'PlatformUnavailable',
      `Team review unavailable: the platform cannot confirm that your sign-in is still valid (${reason}). Nothing was changed; try again in a moment.`,
    );
  };

  return {
    async confirm(token, expiresAt, { waitForPlatform = false } = {}) {
      const before = verdicts.get(token);
      if (before && 'refused' in before) throw refusal(before.refused);
      const confirmedAt = before?.confirmedAt;
      const age = confirmedAt === undefined ? Infinity : now() - confirmedAt;
      if (age < CONFIRM_EVERY_MS) return;
      if (age < TRUST_UNCONFIRMED_MS && !waitForPlatform) {
        // Still trusted: the platform is asked while this request goes on (no request waits for
        // it once a token is known), and its answer counts for every request after it.
        askAndRecord(token, expiresAt, confirmedAt).catch(() => {});
        return;
      }
      await askAndRecord(token, expiresAt, confirmedAt);
    },
  };
}

function refusal(why: 'expired' | 'revoked'): ReviewServiceError {
  return new ReviewServiceError(
    401,
    'Unauthorized',
    why === 'expired'
      ? 'The bearer token has expired; sign in again.'
      : 'The platform no longer accepts this sign-in (it was revoked or ended): sign in again.',
  );
}
