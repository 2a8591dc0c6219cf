/**
 * The one error type of sign-in and token handling, with a message a user can read. The codes
 * of RFC 6749 (sections 4.1.2.1, 4.2.2.1 and 5.2) are turned into words here, so every shell
 * and view shows the same explanation.
 */

/** Why a sign-in or token request failed, in terms the session service branches on. */
export type AuthFailureKind =
  /** The authorization server refused (an RFC 6749 `error` code). */
  | 'refused'
  /** The user declined on the login page (`access_denied`). */
  | 'denied'
  /** The callback did not belong to a sign-in RefDesk started (state missing or different). */
  | 'state-mismatch'
  /** The answer could not be used (missing token, wrong token type, not JSON). */
  | 'protocol'
  /** The authorization server could not be reached. */
  | 'network'
  /** The profile lacks something the flow needs (certificate, key, secret). */
  | 'configuration';

export class AuthError extends Error {
  constructor(
    readonly kind: AuthFailureKind,
    message: string,
    readonly details: { code?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'AuthError';
  }
}

const codeExplanations: Record<string, string> = {
  access_denied: 'You declined the sign-in, so RefDesk is not signed in.',
  invalid_request: 'The authorization server rejected the sign-in request as malformed.',
  unauthorized_client: 'This application (AppKey) is not allowed to use this sign-in flow.',
  unsupported_response_type: 'The authorization server does not support this sign-in flow.',
  invalid_scope: 'The authorization server rejected the requested scope.',
  server_error: 'The authorization server failed while signing you in. Try again later.',
  temporarily_unavailable: 'The authorization server is busy or down for maintenance. Try again later.',
  invalid_client: 'The authorization server did not accept the application credentials (AppKey or AppSecret).',
  invalid_grant: 'The authorization server did not accept the grant: it is expired, used already or not valid.',
  unsupported_grant_type: 'The authorization server does not support this kind of token request.',
  login_required: 'The sign-in service needs you to sign in again.',
  interaction_required: 'The sign-in service needs you to sign in again.',
  consent_required: 'The sign-in service needs you to sign in again and allow RefDesk.',
};

/** The codes of OpenID Connect's `prompt=none` that mean "show the login page": not a failure, a fallback. */
export const INTERACTION_NEEDED_CODES = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/**
 * Keeps a server-supplied description short, on one line and unable to pass for RefDesk's own
 * words: control and bidirectional-override characters go (they could reorder what is shown),
 * and curly quotes become straight ones so the text cannot close the quotation it is shown in.
 */
function tidyDescription(description: string | undefined): string | undefined {
  const text = description
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}

/** The provider's own words, quoted so nobody takes them for RefDesk's (issue 15.6). */
function quoted(detail: string | undefined): string {
  return detail ? ` The sign-in service said: “${detail}”` : '';
}

/**
 * A sentence for an RFC 6749 error code and optional `error_description`, e.g.
 * `access_denied` → "You declined the sign-in, so RefDesk is not signed in." Any description is
 * shown only as quoted provider text after RefDesk's own sentence.
 */
export function describeAuthorizationError(code: string, description?: string): string {
  const known = codeExplanations[code];
  const detail = tidyDescription(description);
  if (known) return code === 'access_denied' ? known : `${known}${quoted(detail)}`;
  const safeCode = code.replace(/[^\w.-]/g, '').slice(0, 60) || 'unknown';
  return `The authorization server refused the sign-in (${safeCode}).${quoted(detail)}`;
}

/** The error for an RFC 6749 `error` answer; `access_denied` becomes the `denied` kind. */
export function authorizationRefused(code: string, description?: string, status?: number): AuthError {
  return new AuthError(code === 'access_denied' ? 'denied' : 'refused', describeAuthorizationError(code, description), {
    code,
    ...(status !== undefined ? { status } : {}),
  });
}
