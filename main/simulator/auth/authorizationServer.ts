/**
 * The simulator's OAuth authorization server: the state of one run (signing key, sessions,
 * refresh tokens, authorization codes, used assertions, registered certificates, login sessions
 * and failed sign-ins) and the operations the `/auth` routes and the API's bearer check share. It is in memory,
 * but for the signing key and the sessions of a simulator that keeps its identity (identityStore.ts):
 * then tokens and refresh tokens of an earlier run stay good; otherwise a restart makes a new key
 * and forgets every session, so tokens of an earlier run are refused.
 */
import type Database from 'better-sqlite3';
import { errors as joseErrors } from 'jose';
import { AccessTokenIssuer, type AccessTokenClaims } from './accessTokens';
import { AssertionVerifier } from './assertion';
import { AuthorizationCodeStore } from './authorizationCodes';
import { CertificateRegistry } from './certificateRegistry';
import type { AuthenticatedClient } from './clientAuthentication';
import { CsrfProtection } from './csrf';
import type { AuthApp, AuthUsersAndApps, AuthUser } from './usersAndAppsPort';
import { DEFAULT_LOGIN_SESSION_TTL_SECONDS, LoginSessionStore } from './loginSessions';
import { LoginThrottle } from './loginThrottle';
import { OAuthError } from './oauthError';
import type { VerifierRule } from './pkce';
import { SessionStore, type Session } from './sessions';
import { SigningKey, type PublishedJwk } from './signingKey';

/** Access-token lifetime of the platform (its `expires_in` is about 1200 s). */
export const DEFAULT_TOKEN_TTL_SECONDS = 1200;
export const DEFAULT_REFRESH_TOKEN_TTL_SECONDS = 3600;
/** Authorization codes are exchanged at once by the client; a minute is plenty. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

export interface AuthorizationServerOptions {
  usersAndApps: AuthUsersAndApps;
  clock: () => Date;
  /** The authorization server's URL, `{auth_url}` (known once the simulator listens). */
  authUrl: () => string;
  tokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Lifetime of the login session that `prompt=none` signs in from (default 8 h). */
  loginSessionTtlSeconds?: number;
  /** The kept identity's signing key; absent: a new one. */
  signingKey?: SigningKey;
  /** The kept identity's database of sessions and refresh tokens; absent: one in memory. */
  sessionDatabase?: Database.Database;
  /**
   * Hold clients to the RFCs where the platform is more lenient (`--strict-oauth`): PKCE code
   * verifiers of 43 to 128 characters (RFC 7636) rather than the platform's 32 to 128.
   */
  strictOAuth?: boolean;
}

/** A successful token response (RFC 6749 section 5.1 with the platform's fields). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** The outcome of checking a bearer token. */
export type TokenCheck =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };

/** Where attach() keeps the verified claims on a request (a symbol: no other code can set it). */
const VERIFIED_CLAIMS = Symbol('verifiedClaims');
type ClaimsCarrier = { [VERIFIED_CLAIMS]?: AccessTokenClaims };

/** A failed token check, from the error jose raised. */
function refusal(error: unknown): TokenCheck {
  return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
}

export class AuthorizationServer {
  readonly certificates = new CertificateRegistry();
  readonly csrf = new CsrfProtection();
  readonly sessions: SessionStore;
  readonly codes = new AuthorizationCodeStore(AUTHORIZATION_CODE_TTL_SECONDS);
  readonly assertions: AssertionVerifier;
  readonly loginSessions: LoginSessionStore;
  readonly loginThrottle = new LoginThrottle();
  private readonly tokens: AccessTokenIssuer;

  private constructor(
    private readonly options: AuthorizationServerOptions,
    private readonly signingKey: SigningKey,
  ) {
    this.tokens = new AccessTokenIssuer(signingKey, options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
    this.sessions = new SessionStore(
      options.refreshTokenTtlSeconds ?? DEFAULT_REFRESH_TOKEN_TTL_SECONDS,
      options.sessionDatabase,
    );
    this.assertions = new AssertionVerifier(this.certificates, options.usersAndApps);
    this.loginSessions = new LoginSessionStore(
      options.loginSessionTtlSeconds ?? DEFAULT_LOGIN_SESSION_TTL_SECONDS,
    );
  }

  /** An authorization server with the kept signing key, or a fresh key and certificate. */
  static async create(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
    return new AuthorizationServer(
      options,
      options.signingKey ?? (await SigningKey.create('RefDesk simulator token signing', options.clock())),
    );
  }

  /** The published signing keys (the JWK Set of `/.well-known/jwks.json`). */
  get jwks(): { keys: PublishedJwk[] } {
    return { keys: [this.signingKey.jwk] };
  }

  get usersAndApps(): AuthUsersAndApps {
    return this.options.usersAndApps;
  }

  /** `{auth_url}`: the access tokens' issuer and the assertions' audience. */
  get authUrl(): string {
    return this.options.authUrl();
  }

  /** Which code verifiers the token endpoint takes (pkce.ts). */
  get verifierRule(): VerifierRule {
    return this.options.strictOAuth === true ? 'rfc7636' : 'platform';
  }

  get tokenTtlSeconds(): number {
    return this.tokens.ttlSeconds;
  }

  now(): Date {
    return this.options.clock();
  }

  /**
   * Signs `user` in to `app`: a new session with an access token, and a refresh token unless
   * the grant is the implicit one (which has none).
   */
  async startSession(
    user: AuthUser,
    app: AuthApp,
    options: { confidential: boolean; withRefreshToken: boolean; loginSession?: string },
  ): Promise<{ session: Session; response: TokenResponse }> {
    const now = this.now();
    const session = this.sessions.start(
      {
        userId: user.userId,
        appKey: app.appKey,
        appNumber: app.registrationNumber,
        confidential: options.confidential,
        ...(options.loginSession !== undefined ? { loginSession: options.loginSession } : {}),
      },
      now,
      new Date(now.getTime() + this.tokens.ttlSeconds * 1000),
    );
    return { session, response: await this.continueSession(session, user, options.withRefreshToken) };
  }

  /** New tokens in an existing session (after a refresh). */
  async continueSession(session: Session, user: AuthUser, withRefreshToken: boolean): Promise<TokenResponse> {
    const now = this.now();
    const { accessToken, expiresAt } = await this.tokens.issue(
      {
        userId: user.userId,
        userKey: user.userKey,
        clientKey: user.clientKey,
        isAdmin: user.isAdmin,
        appKey: session.appKey,
        appNumber: session.appNumber,
        sessionId: session.id,
        ...(user.name ? { name: user.name } : {}),
      },
      this.authUrl,
      now,
    );
    this.sessions.extend(session, expiresAt);
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.tokens.ttlSeconds,
    };
    if (!withRefreshToken) return response;
    const { refreshToken, expiresIn } = this.sessions.issueRefreshToken(session, now);
    return { ...response, refresh_token: refreshToken, refresh_token_expires_in: expiresIn };
  }

  /**
   * The claims of a bearer token, or why it is refused: not one this run issued (forged,
   * malformed, another algorithm), expired, or of a revoked session.
   */
  async verifyAccessToken(token: string): Promise<TokenCheck> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.tokens.verify(token, this.authUrl, this.now());
    } catch (error) {
      return refusal(error);
    }
    return this.sessionCheck(claims);
  }

  /**
   * The same check without waiting, for a token this run has verified before (nearly every
   * API request); undefined when the token is new and needs verifyAccessToken().
   */
  verifyKnownAccessToken(token: string): TokenCheck | undefined {
    let claims: AccessTokenClaims | undefined;
    try {
      claims = this.tokens.verifyKnown(token, this.authUrl, this.now());
    } catch (error) {
      return refusal(error);
    }
    return claims && this.sessionCheck(claims);
  }

  /**
   * Revokes the session of an access or refresh token (RFC 7009) presented by `client`: every
   * token of that sign-in is refused from then on. `hint` says which kind to look for first. An
   * unknown, forged or malformed token is no error (the caller answers 200 all the same); a
   * token of another application is refused, and so is a confidential session's token
   * presented without the client secret.
   */
  async revoke(token: string, hint: string | undefined, client: AuthenticatedClient): Promise<void> {
    const findAccess = async () => {
      const claims = await this.tokens.claimsOfOwnToken(token, this.authUrl, this.now());
      return claims && this.sessions.get(claims.sid);
    };
    const findRefresh = async () => this.sessions.sessionOfRefreshToken(token);
    const lookups = hint === 'refresh_token' ? [findRefresh, findAccess] : [findAccess, findRefresh];
    for (const lookup of lookups) {
      const session = await lookup();
      if (session === undefined) continue;
      if (session.appKey !== client.app.appKey)
        throw new OAuthError('invalid_request', 'The token was issued to another application.');
      if (session.confidential && !client.confidential) {
        throw new OAuthError(
          'invalid_client',
          'Revoking a session of a confidential client requires the client secret.',
        );
      }
      this.sessions.revoke(session.id);
      return;
    }
  }

  /**
   * Ends the login session a token was signed in through (RP-initiated logout's
   * `id_token_hint`: the simulator issues no ID tokens, so an access token it signed, expired
   * or not, names the sign-in). True when `hint` is such a token; `clientId`, when given, must be
   * the token's application. A token of a session without a login session (a signed assertion)
   * ends nothing.
   */
  async endLoginSessionOf(hint: string, clientId: string | undefined): Promise<boolean> {
    const claims = await this.tokens.claimsOfOwnToken(hint, this.authUrl, this.now());
    if (claims === undefined) return false;
    if (clientId !== undefined && claims.aid !== clientId)
      throw new OAuthError(
        'invalid_request',
        'id_token_hint was issued to another application than client_id.',
      );
    const loginSession = this.sessions.get(claims.sid)?.loginSession;
    if (loginSession !== undefined) this.loginSessions.endByKey(loginSession);
    return true;
  }

  private sessionCheck(claims: AccessTokenClaims): TokenCheck {
    return this.sessions.isActive(claims.sid) ? { ok: true, claims } : { ok: false, reason: 'revoked' };
  }

  /** Remembers the verified claims of an API request. */
  attach(request: object, claims: AccessTokenClaims): void {
    // A property of the request rather than a WeakMap entry: set on every API request, and a
    // WeakMap insert costs the garbage collector more than the request lives.
    (request as ClaimsCarrier)[VERIFIED_CLAIMS] = claims;
  }

  /** The verified claims of an API request, if its token was checked. */
  claimsOf(request: object): AccessTokenClaims | undefined {
    return (request as ClaimsCarrier)[VERIFIED_CLAIMS];
  }
}
