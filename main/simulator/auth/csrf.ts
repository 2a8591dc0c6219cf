/**
 * CSRF protection of the login form: a random value in an HttpOnly, SameSite=Strict cookie, and
 * in the form a token that is an HMAC of that value and the time it was issued, under a key of
 * this run. A forged cross-site POST has neither the cookie nor a token that matches it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_COOKIE = 'refdesk_auth_csrf';
/** How long a login form may stay open before it must be reloaded. */
const FORM_LIFETIME_SECONDS = 30 * 60;
const COOKIE_VALUE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class CsrfProtection {
  private readonly key = randomBytes(32);

  /** The cookie value to keep, or a fresh one when `current` is missing or malformed. */
  cookieValue(current: string | undefined): string {
    return current !== undefined && COOKIE_VALUE_PATTERN.test(current) ? current : randomBytes(32).toString('base64url');
  }

  /** The form token bound to `cookieValue`, issued at `now`. */
  formToken(cookieValue: string, now: Date): string {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return `${issuedAt}.${this.mac(cookieValue, issuedAt)}`;
  }

  /** Whether `formToken` was issued by this run for `cookieValue` and has not expired. */
  check(cookieValue: string | undefined, formToken: string | undefined, now: Date): boolean {
    if (cookieValue === undefined || formToken === undefined || !COOKIE_VALUE_PATTERN.test(cookieValue)) return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(formToken);
    if (!match) return false;
    const issuedAt = Number(match[1]);
    const age = now.getTime() / 1000 - issuedAt;
    if (age < -60 || age > FORM_LIFETIME_SECONDS) return false;
    return timingSafeEqual(Buffer.from(match[2] ?? ''), Buffer.from(this.mac(cookieValue, issuedAt)));
  }

  private mac(cookieValue: string, issuedAt: number): string {
    return createHmac('sha256', this.key).update(`${cookieValue}.${issuedAt}`).digest('base64url');
  }
}
