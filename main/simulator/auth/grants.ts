/**
 * The token endpoint's grants (spec 5.2, RFC 6749 sections 4.1.3 and 6, RFC 7636): the signed
 * assertion, the refresh token and the authorization code (with PKCE, or with the client secret). Each returns the token
 * response or throws an OAuthError in RFC 6749's terms.
 */
import type { AuthorizationServer, TokenResponse } from './authorizationServer';
import { authenticateClient, readClientCredentials, type AuthenticatedClient } from './clientAuthentication';
import type { AuthFlowName } from './usersAndAppsPort';
import { OAuthError } from './oauthError';
import { verifierProblem, verifyS256, type VerifierRule } from './pkce';
import type { RotateResult } from './sessions';

/** The spec's grant type of the signed-assertion flow. */
export const PERSONAL_JWT_GRANT = 'urn:service:oauth:grant-type:personal-jwt';

type Form = Record<string, string | undefined>;

function required(form: Form, name: string): string {
  const value = form[name];
  if (value === undefined || value === '')
    throw new OAuthError('invalid_request', `The ${name} parameter is required.`);
  return value;
}

function requireFlow(client: AuthenticatedClient, flow: AuthFlowName): void {
  if (!client.app.allowedFlows.includes(flow)) {
    throw new OAuthError('unauthorized_client', `This application is not allowed the ${flow} flow.`);
  }
}

/** Answers one token request: `authorization` is the request's Authorization header, `form` its fields. */
export async function handleTokenRequest(
  server: AuthorizationServer,
  authorization: string | undefined,
  form: Form,
): Promise<TokenResponse> {
  const grantType = required(form, 'grant_type');
  const client = authenticateClient(
    readClientCredentials(authorization, form),
    server.usersAndApps,
    server.now(),
  );
  switch (grantType) {
    case PERSONAL_JWT_GRANT:
      return personalJwtGrant(server, client, form);
    case 'refresh_token':
      return refreshTokenGrant(server, client, form);
    case 'authorization_code':
      return authorizationCodeGrant(server, client, form);
    default:
      throw new OAuthError(
        'unsupported_grant_type',
        `The grant type "${grantType.slice(0, 100)}" is not supported.`,
      );
  }
}

async function personalJwtGrant(
  server: AuthorizationServer,
  client: AuthenticatedClient,
  form: Form,
): Promise<TokenResponse> {
  if (!client.confidential)
    throw new OAuthError('invalid_client', 'The signed-assertion grant requires the client secret.');
  requireFlow(client, 'PersonalJwt');
  const assertion = required(form, 'assertion');
  const authUrl = server.authUrl;
  const user = await server.assertions.verify({
    assertion,
    app: client.app,
    audiences: [authUrl, `${authUrl}/token`],
    now: server.now(),
  });
  const { response } = await server.startSession(user, client.app, {
    confidential: true,
    withRefreshToken: true,
  });
  return response;
}

const REFRESH_REFUSALS: Record<Exclude<RotateResult, { ok: true }>['reason'], OAuthError> = {
  unknown: new OAuthError('invalid_grant', 'The refresh token is not valid.'),
  expired: new OAuthError('invalid_grant', 'The refresh token has expired.'),
  revoked: new OAuthError('invalid_grant', 'The session of this refresh token was revoked.'),
  reused: new OAuthError('invalid_grant', 'The refresh token was already used; its session is revoked.'),
  other_client: new OAuthError('invalid_grant', 'The refresh token was issued to another client.'),
  secret_required: new OAuthError('invalid_client', 'Refreshing this session requires the client secret.'),
};

async function refreshTokenGrant(
  server: AuthorizationServer,
  client: AuthenticatedClient,
  form: Form,
): Promise<TokenResponse> {
  const refreshToken = required(form, 'refresh_token');
  const rotated = server.sessions.rotate(
    refreshToken,
    { appKey: client.app.appKey, confidential: client.confidential },
    server.now(),
  );
  if (!rotated.ok) throw REFRESH_REFUSALS[rotated.reason];
  const user = server.usersAndApps.findUserById(rotated.session.userId);
  if (user === undefined) throw new OAuthError('invalid_grant', 'The user of this session no longer exists.');
  return server.continueSession(rotated.session, user, true);
}

async function authorizationCodeGrant(
  server: AuthorizationServer,
  client: AuthenticatedClient,
  form: Form,
): Promise<TokenResponse> {
  requireFlow(client, 'Code');
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = form.code_verifier === '' ? undefined : form.code_verifier;
  // A malformed verifier is a malformed request: said as such, and the code is not spent on it.
  const malformed = verifier === undefined ? undefined : verifierProblem(verifier, server.verifierRule);
  if (malformed !== undefined) throw new OAuthError('invalid_request', malformed);
  const redeemed = server.codes.redeem(code, server.now());
  if (!redeemed.ok) {
    // A code presented twice was intercepted or replayed: end the session it started.
    if (redeemed.sessionToRevoke) server.sessions.revoke(redeemed.sessionToRevoke);
    const words = { unknown: 'is not valid', expired: 'has expired', reused: 'was already used' }[
      redeemed.reason
    ];
    throw new OAuthError('invalid_grant', `The authorization code ${words}.`);
  }
  const { grant } = redeemed;
  if (grant.appKey !== client.app.appKey)
    throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
  if (grant.redirectUri !== redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the one of the authorization request.');
  checkProofOfPossession(grant.codeChallenge, verifier, client, server.verifierRule);
  const user = server.usersAndApps.findUserById(grant.userId);
  if (user === undefined) throw new OAuthError('invalid_grant', 'The user of this code no longer exists.');
  const { session, response } = await server.startSession(user, client.app, {
    confidential: client.confidential,
    withRefreshToken: true,
    ...(grant.loginSession !== undefined ? { loginSession: grant.loginSession } : {}),
  });
  redeemed.recordSession(session.id);
  return response;
}

/**
 * Who may exchange a code: with PKCE, whoever holds the verifier; without, only the client
 * that authenticates with its secret (a confidential client, as the platform allows). A
 * verifier sent for a code requested without a challenge is refused (OAuth Security BCP 2.1.1:
 * otherwise PKCE could be downgraded by dropping the challenge).
 */
function checkProofOfPossession(
  challenge: string | undefined,
  verifier: string | undefined,
  client: AuthenticatedClient,
  rule: VerifierRule,
): void {
  if (challenge !== undefined) {
    if (verifier === undefined)
      throw new OAuthError(
        'invalid_request',
        'The code_verifier parameter is required: the authorization request had a code_challenge.',
      );
    if (!verifyS256(verifier, challenge, rule))
      throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    return;
  }
  if (verifier !== undefined)
    throw new OAuthError(
      'invalid_grant',
      'A code_verifier was sent, but the authorization request had no code_challenge.',
    );
  if (!client.confidential) {
    throw new OAuthError(
      'invalid_client',
      'This code was requested without PKCE: exchanging it requires the client secret.',
    );
  }
}
