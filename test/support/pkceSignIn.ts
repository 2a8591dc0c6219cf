/**
 * A browser sign-in with PKCE against a simulator, as the platform's public PKCE sample makes
 * it: a code verifier of 32 characters of A-Z a-z 0-9, the login page answered, and the code
 * exchanged by a public client (client_id and code_verifier, no secret).
 */
import { randomInt } from 'node:crypto';
import { s256Challenge } from '../../main/simulator/auth/pkce';
import type { SimulatorInfo } from '../../main/simulator/server';
import { openLoginPage, redirectParameters, submitLogin } from './loginPage';
import { postToken, type JsonResponse } from './tokenRequests';

/** A loopback redirect URI of the demo app (any port matches). */
export const PKCE_REDIRECT_URI = 'http://127.0.0.1:53177/refdesk/callback';

/** A verifier made as the platform's public PKCE sample makes it: 32 characters of A-Z a-z 0-9. */
export function sampleVerifier(): string {
  const allowed = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 32 }, () => allowed.charAt(randomInt(allowed.length))).join('');
}

type SignInTarget = Pick<SimulatorInfo, 'authUrl' | 'appKey' | 'username' | 'password'>;

/** Signs the demo user in on the login page with the S256 challenge of `verifier`; the code of the redirect ('' when none). */
export async function pkceCode(target: SignInTarget, verifier: string): Promise<string> {
  const page = await openLoginPage(target.authUrl, {
    response_type: 'code',
    client_id: target.appKey,
    redirect_uri: PKCE_REDIRECT_URI,
    state: 'pkce',
    code_challenge: s256Challenge(verifier),
    code_challenge_method: 'S256',
  });
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const answer = await submitLogin(target.authUrl, page, {
    username: target.username,
    password: target.password,
    decision: 'allow',
  });
  return redirectParameters(answer.location ?? '', 'query').code ?? '';
}

/** The public client's exchange of `code`, as the sample sends it. */
export function exchangePkceCode(
  target: SignInTarget,
  code: string,
  verifier: string,
): Promise<JsonResponse> {
  return postToken(target.authUrl, {
    grant_type: 'authorization_code',
    client_id: target.appKey,
    code,
    code_verifier: verifier,
    redirect_uri: PKCE_REDIRECT_URI,
  });
}
