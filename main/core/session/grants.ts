/**
 * The three ways a profile signs in, as plain async functions over the token endpoint: the
 * browser flows (implicit, code + PKCE) in two halves around the login page, the signed
 * assertion, and refreshing a session that has a refresh token.
 */
import type { ConnectionProfile } from './profileService';
import { AuthError } from './authErrors';
import { buildAssertion, loadSigningMaterial, PERSONAL_JWT_GRANT } from './assertion';
import { buildAuthorizeUrl, createState, readCallback, type AuthorizePrompt, type ResponseType } from './authorizationRequest';
import { codeChallengeS256, createCodeVerifier } from './pkce';
import { requestToken, type ClientCredentials, type TokenRequestOptions } from './tokenEndpoint';
import { tokenSetFromImplicit, tokenSetFromResponse, type TokenSet } from './tokenSet';

/** A browser sign-in in progress: everything needed to check and finish it, kept in main. */
export interface PendingAuthorization {
  profileId: string;
  authUrl: string;
  clientId: string;
  responseType: ResponseType;
  /** The redirect URI sent on the authorize URL (the code exchange must repeat it). */
  redirectUri: string;
  state: string;
  codeVerifier?: string;
  /** The login page to show. */
  authorizeUrl: string;
}

/**
 * Starts a browser sign-in: fresh state (and PKCE verifier for the code flow) and the authorize
 * URL, with `prompt` when given (see AuthorizeUrlParameters).
 */
export function beginAuthorization(profile: ConnectionProfile, redirectUri: string, prompt?: AuthorizePrompt): PendingAuthorization {
  if (profile.flow === 'assertion') throw new Error('The signed-assertion flow has no login page');
  const responseType: ResponseType = profile.flow === 'code' ? 'code' : 'token';
  const state = createState();
  const codeVerifier = responseType === 'code' ? createCodeVerifier() : undefined;
  const authorizeUrl = buildAuthorizeUrl({
    authUrl: profile.authUrl,
    clientId: profile.appKey,
    redirectUri,
    state,
    responseType,
    ...(codeVerifier ? { codeChallenge: codeChallengeS256(codeVerifier) } : {}),
    ...(prompt ? { prompt } : {}),
  });
  return {
    profileId: profile.id,
    authUrl: profile.authUrl,
    clientId: profile.appKey,
    responseType,
    redirectUri,
    state,
    authorizeUrl,
    ...(codeVerifier ? { codeVerifier } : {}),
  };
}

/** Finishes a browser sign-in from the callback's parameters (throws AuthError in words). */
export async function completeAuthorization(
  pending: PendingAuthorization,
  parameters: URLSearchParams,
  clientSecret: string | undefined,
  now: () => number,
  options: TokenRequestOptions = {},
): Promise<TokenSet> {
  const grant = readCallback(parameters, pending.state, pending.responseType);
  if (grant.kind === 'token') return tokenSetFromImplicit(grant.accessToken, grant.expiresIn, now());
  const response = await requestToken(
    pending.authUrl,
    {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: pending.redirectUri,
      code_verifier: pending.codeVerifier ?? '',
    },
    clientOf(pending.clientId, clientSecret),
    options,
  );
  return tokenSetFromResponse('code', response, now());
}

/** The client credentials of an AppKey, with its AppSecret where one is kept (else a public client). */
export function clientOf(clientId: string, clientSecret: string | undefined): ClientCredentials {
  return clientSecret === undefined ? { clientId } : { clientId, clientSecret };
}

/** Signs in with a signed assertion made from the profile's certificate and key (spec 5.2). */
export async function signInWithAssertion(
  profile: ConnectionProfile,
  clientSecret: string | undefined,
  now: () => number,
  options: TokenRequestOptions = {},
): Promise<TokenSet> {
  const settings = profile.assertion;
  if (!settings) throw new AuthError('configuration', 'This profile has no certificate and key for the signed-assertion flow.');
  if (clientSecret === undefined) {
    throw new AuthError('configuration', 'The signed-assertion flow needs the AppSecret; enter it in the profile.');
  }
  const material = await loadSigningMaterial(settings.certificatePath, settings.privateKeyPath, new Date(now()));
  const assertion = await buildAssertion(
    { appKey: profile.appKey, userId: settings.userId, authUrl: profile.authUrl, appUrl: settings.appUrl },
    material,
    new Date(now()),
  );
  const response = await requestToken(
    profile.authUrl,
    { grant_type: PERSONAL_JWT_GRANT, assertion },
    { clientId: profile.appKey, clientSecret },
    options,
  );
  return tokenSetFromResponse('assertion', response, now(), { name: settings.userId, userId: settings.userId });
}

/** Exchanges the refresh token for new tokens (the old refresh token is spent: rotation). */
export async function refreshTokens(
  profile: ConnectionProfile,
  tokens: TokenSet,
  clientSecret: string | undefined,
  now: () => number,
  options: TokenRequestOptions = {},
): Promise<TokenSet> {
  if (!tokens.refreshToken) throw new AuthError('configuration', 'This session has no refresh token.');
  const response = await requestToken(
    profile.authUrl,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
    clientOf(profile.appKey, clientSecret),
    options,
  );
  return tokenSetFromResponse(tokens.flow, response, now(), tokens.user);
}
