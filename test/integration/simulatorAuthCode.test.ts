import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s256Challenge } from '../../main/simulator/auth/pkce';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { openLoginPage, redirectParameters, submitLogin } from '../support/loginPage';
import { postToken } from '../support/tokenRequests';

describe('the code flow for confidential clients (AppSecret instead of PKCE)', () => {
  let test: TestSimulator;
  let info: SimulatorInfo;
  const redirectUri = 'http://127.0.0.1:53124/refdesk/callback';
  const verifier = 'v'.repeat(43) + '-._~0123456789';
  const asUser = (token: unknown) => test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(token)}` } });

  beforeAll(async () => {
    test = await startTestSimulator();
    info = test.simulator.info;
  });
  afterAll(() => test.close());

  /** Signs the demo user in for a code; `extra` adds (or with '' removes) authorization parameters. */
  async function codeFor(extra: Record<string, string> = {}): Promise<string> {
    const parameters = Object.fromEntries(
      Object.entries({ response_type: 'code', client_id: info.appKey, redirect_uri: redirectUri, state: 's1', ...extra }).filter(([, value]) => value !== ''),
    );
    const page = await openLoginPage(info.authUrl, parameters);
    expect(page.status).toBe(200);
    const answer = await submitLogin(info.authUrl, page, { username: 'demo', password: 'refdesk-demo', decision: 'allow' });
    const query = redirectParameters(answer.location ?? '', 'query');
    expect(query.state).toBe('s1');
    return query.code ?? '';
  }
  const withPkce = { code_challenge: s256Challenge(verifier), code_challenge_method: 'S256' };
  const exchange = (code: string, form: Record<string, string> = {}, basic?: [string, string]) =>
    postToken(info.authUrl, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...form }, basic);

  it('exchanges a code requested without code_challenge for a client that sends its secret (HTTP Basic or form)', async () => {
    const basic = await exchange(await codeFor(), {}, [info.appKey, info.appSecret]);
    expect(basic.status).toBe(200);
    expect(basic.body).toMatchObject({ token_type: 'Bearer', expires_in: 1200 });
    expect(typeof basic.body.refresh_token).toBe('string');
    expect((await asUser(basic.body.access_token)).status).toBe(200);

    const form = await exchange(await codeFor(), { client_id: info.appKey, client_secret: info.appSecret });
    expect(form.status).toBe(200);
    // The session is confidential: refreshing it needs the secret too.
    const refreshed = await postToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: String(form.body.refresh_token) }, [info.appKey, info.appSecret]);
    expect(refreshed.status).toBe(200);
  });

  it('keeps PKCE required for a client that presents no secret', async () => {
    const code = await codeFor();
    const answer = await exchange(code, { client_id: info.appKey });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'invalid_client' });
    expect(String(answer.body.error_description)).toMatch(/without PKCE.*client secret/);
    // A wrong secret is no secret.
    expect((await exchange(await codeFor(), {}, [info.appKey, 'wrong'])).status).toBe(401);
  });

  it('still needs the verifier for a code requested with a challenge, secret or not', async () => {
    const withoutVerifier = await exchange(await codeFor(withPkce), {}, [info.appKey, info.appSecret]);
    expect(withoutVerifier).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(withoutVerifier.body.error_description)).toMatch(/code_verifier/);
    const wrongVerifier = await exchange(await codeFor(withPkce), { code_verifier: 'w'.repeat(60) }, [info.appKey, info.appSecret]);
    expect(wrongVerifier).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const right = await exchange(await codeFor(withPkce), { code_verifier: verifier }, [info.appKey, info.appSecret]);
    expect(right.status).toBe(200);
  });

  it('refuses a verifier for a code requested without a challenge (no PKCE downgrade)', async () => {
    const answer = await exchange(await codeFor(), { code_verifier: verifier, client_id: info.appKey });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(String(answer.body.error_description)).toMatch(/no code_challenge/);
  });

  it.each([
    ['31 characters', 'a'.repeat(31)],
    ['129 characters', 'a'.repeat(129)],
    ['a character outside the unreserved set', `${'a'.repeat(50)}+/=`],
    ['a space', `${'a'.repeat(30)} ${'b'.repeat(30)}`],
  ])('answers a verifier of %s with invalid_request naming the platform\'s rule, and leaves the code unspent', async (_case, bad) => {
    const code = await codeFor(withPkce);
    const answer = await exchange(code, { code_verifier: bad, client_id: info.appKey });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(answer.body.error_description)).toMatch(/32 to 128 characters of A-Z a-z 0-9 - \. _ ~ \(as the platform takes it\)/);
    expect(String(answer.body.error_description)).not.toMatch(/does not match/);
    expect((await exchange(code, { code_verifier: verifier, client_id: info.appKey })).status).toBe(200);
  });

  it('refuses code_challenge_method without code_challenge, and a plain challenge, on the redirect', async () => {
    const cases: Record<string, string>[] = [{ code_challenge_method: 'S256' }, { code_challenge: s256Challenge(verifier), code_challenge_method: 'plain' }];
    for (const extra of cases) {
      const page = await openLoginPage(info.authUrl, { response_type: 'code', client_id: info.appKey, redirect_uri: redirectUri, state: 's2', ...extra });
      expect(page.status).toBe(302);
      expect(redirectParameters(page.headers.get('location') ?? '', 'query')).toMatchObject({ error: 'invalid_request', state: 's2' });
    }
  });
});
