import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../main/core/session/authErrors';
import { callbackParametersOfUrl } from '../../main/core/session/authorizationRequest';
import {
  beginAuthorization,
  completeAuthorization,
  refreshTokens,
  signInWithAssertion,
} from '../../main/core/session/grants';
import type { ConnectionProfile } from '../../main/core/session/profileService';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { answerLoginPage } from '../support/loginPage';

let sim: TestSimulator;
const now = () => Date.now();

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim?.close());

function demoProfile(flow: ConnectionProfile['flow']): ConnectionProfile {
  const info = sim.simulator.info;
  return {
    id: 'embedded',
    name: 'Embedded simulator',
    kind: 'embedded',
    baseUrl: info.baseUrl,
    authUrl: info.authUrl,
    appKey: info.appKey,
    redirectUri: info.redirectUri,
    flow,
    ...(flow === 'assertion'
      ? {
          assertion: {
            certificatePath: info.certificatePath,
            privateKeyPath: info.privateKeyPath,
            appUrl: info.appUrl,
            userId: info.userId,
          },
        }
      : {}),
  };
}

/** The countries feed read with `token`: the API's answer status. */
async function apiStatusWith(token: string): Promise<number> {
  const response = await fetch(`${sim.baseUrl}/ref/v1/countries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

const demoLogin = () => ({
  username: sim.simulator.info.username,
  password: sim.simulator.info.password,
  decision: 'allow' as const,
});
// The web shell's popup returns on its own port: the loopback redirect URI matches on any port.
const shellRedirect = 'http://127.0.0.1:45678/refdesk/callback';

describe('client grants against the simulator', () => {
  it('implicit: the login form signs the demo user in and the token opens the API', async () => {
    const pending = beginAuthorization(demoProfile('implicit'), shellRedirect);
    const location = await answerLoginPage(pending.authorizeUrl, demoLogin());
    expect(location.startsWith(`${shellRedirect}#`)).toBe(true);
    const tokens = await completeAuthorization(pending, callbackParametersOfUrl(location), undefined, now);
    expect(tokens.flow).toBe('implicit');
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.user?.userId).toBe(sim.simulator.info.userId);
    expect(tokens.expiresAt - now()).toBeGreaterThan(1_190_000);
    expect(await apiStatusWith(tokens.accessToken)).toBe(200);
  });

  it('implicit: the deny button comes back as a sentence, and the API stays closed', async () => {
    const pending = beginAuthorization(demoProfile('implicit'), shellRedirect);
    const location = await answerLoginPage(pending.authorizeUrl, { decision: 'deny' });
    const failure = await completeAuthorization(
      pending,
      callbackParametersOfUrl(location),
      undefined,
      now,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthError);
    expect((failure as AuthError).kind).toBe('denied');
    expect((failure as AuthError).message).toBe('You declined the sign-in, so RefDesk is not signed in.');
    expect(await apiStatusWith('not-a-token')).toBe(401);
  });

  it('implicit: a callback carrying another sign-in state is refused', async () => {
    const first = beginAuthorization(demoProfile('implicit'), shellRedirect);
    const second = beginAuthorization(demoProfile('implicit'), shellRedirect);
    const location = await answerLoginPage(first.authorizeUrl, demoLogin());
    const failure = await completeAuthorization(
      second,
      callbackParametersOfUrl(location),
      undefined,
      now,
    ).catch((error: unknown) => error);
    expect((failure as AuthError).kind).toBe('state-mismatch');
  });

  it('code + PKCE: the code is exchanged (with the verifier) for tokens with a refresh token', async () => {
    const pending = beginAuthorization(demoProfile('code'), 'http://127.0.0.1/refdesk/callback');
    expect(new URL(pending.authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256');
    const location = await answerLoginPage(pending.authorizeUrl, demoLogin());
    const tokens = await completeAuthorization(
      pending,
      callbackParametersOfUrl(location),
      sim.simulator.info.appSecret,
      now,
    );
    expect(tokens.flow).toBe('code');
    expect(tokens.refreshToken).toBeTruthy();
    expect(await apiStatusWith(tokens.accessToken)).toBe(200);

    const replay = await completeAuthorization(
      pending,
      callbackParametersOfUrl(location),
      sim.simulator.info.appSecret,
      now,
    ).catch((error: unknown) => error);
    expect((replay as AuthError).kind).toBe('refused');
    expect((replay as AuthError).details.code).toBe('invalid_grant');
  });

  it('code + PKCE: a code exchanged with another verifier is refused', async () => {
    const pending = beginAuthorization(demoProfile('code'), 'http://127.0.0.1/refdesk/callback');
    const location = await answerLoginPage(pending.authorizeUrl, demoLogin());
    const forged = {
      ...pending,
      codeVerifier: beginAuthorization(demoProfile('code'), pending.redirectUri).codeVerifier ?? '',
    };
    const failure = await completeAuthorization(
      forged,
      callbackParametersOfUrl(location),
      sim.simulator.info.appSecret,
      now,
    ).catch((error: unknown) => error);
    expect((failure as AuthError).details.code).toBe('invalid_grant');
  });

  it('signed assertion with the demo certificate, then refresh with rotation', async () => {
    const profile = demoProfile('assertion');
    const secret = sim.simulator.info.appSecret;
    const tokens = await signInWithAssertion(profile, secret, now);
    expect(tokens.flow).toBe('assertion');
    expect(tokens.user).toEqual({ name: DEMO_USER.name, userId: sim.simulator.info.userId });
    expect(await apiStatusWith(tokens.accessToken)).toBe(200);

    const renewed = await refreshTokens(profile, tokens, secret, now);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(await apiStatusWith(renewed.accessToken)).toBe(200);

    // The spent refresh token is refused (and revokes its family, RFC 6819 5.2.2.3).
    const reuse = await refreshTokens(profile, tokens, secret, now).catch((error: unknown) => error);
    expect((reuse as AuthError).details.code).toBe('invalid_grant');
  });

  it('signed assertion with a wrong AppSecret is refused in words', async () => {
    const failure = await signInWithAssertion(demoProfile('assertion'), 'wrong-secret', now).catch(
      (error: unknown) => error,
    );
    expect((failure as AuthError).kind).toBe('refused');
    expect((failure as AuthError).message).toMatch(/did not accept the application credentials/);
  });
});
