/**
 * Errors of the authorization server in RFC 6749's shape (`{error, error_description}`), so the
 * token endpoint answers every refusal with the status and code a standard client expects.
 */

/**
 * The error codes the simulator uses: RFC 6749 sections 4.1.2.1, 4.2.2.1 and 5.2, and OpenID
 * Connect's `login_required` (a `prompt=none` request without a login session) and
 * `consent_required` (one for an application the user has not signed in to in that session).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'login_required'
  | 'consent_required';

/** A refusal of the authorization server; `status` is 401 only for a failed client authentication. */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.status = error === 'invalid_client' ? 401 : 400;
  }

  /** The JSON body of RFC 6749 section 5.2. */
  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
