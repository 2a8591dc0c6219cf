/**
 * Response headers of the authorization server's pages: a strict CSP (nothing but the page's
 * own nonce-tagged style; forms post only to the server itself and the request's redirect URI,
 * which Chromium also enforces on the redirect after the POST), no framing, no caching, no
 * referrer. Only the answer to a silent (`prompt=none`) request may be framed, by the app it
 * redirects to.
 */
import { randomBytes } from 'node:crypto';

/** A fresh CSP nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The CSP source expression that allows navigating to `uri` (its origin, or its scheme for custom schemes). */
export function cspSourceOf(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : undefined;
  } catch {
    return undefined;
  }
}

/** Headers of an HTML page whose forms may post (and be redirected) to `formTargets` besides the server. */
export function pageHeaders(nonce: string, formTargets: string[] = []): Record<string, string> {
  const formAction = ["'self'", ...formTargets.map(cspSourceOf).filter((source): source is string => source !== undefined)];
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `form-action ${formAction.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    pragma: 'no-cache',
  };
}

/**
 * Headers of the answer to a `prompt=none` request (a redirect to `redirectUri`): a browser app
 * asks it from a hidden iframe, so it may be framed, but only by the redirect URI's origin;
 * never cached, no referrer.
 */
export function silentAnswerHeaders(redirectUri: string): Record<string, string> {
  const ancestor = cspSourceOf(redirectUri);
  return {
    'content-security-policy': `frame-ancestors ${ancestor ?? "'none'"}`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    pragma: 'no-cache',
  };
}
