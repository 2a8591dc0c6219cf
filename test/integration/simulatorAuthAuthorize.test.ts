import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s256Challenge } from '../../main/simulator/auth/pkce';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { openLoginPage, redirectParameters, submitLogin } from '../support/loginPage';
import { postToken } from '../support/tokenRequests';

describe('the login page of {auth_url}/authorize', () => {
  let test: TestSimulator;
  let info: SimulatorInfo;
  const state = 'eyJjc3JmVG9rZW4iOiJ4In0=&odd';
  const loopback = (port: number) => `http://127.0.0.1:${port}/refdesk/callback`;
  const implicit = (overrides: Record<string, string> = {}) => ({
    response_type: 'token',
    client_id: info.appKey,
    redirect_uri: loopback(53124),
    state,
    ...overrides,
  });

  beforeAll(async () => {
    test = await startTestSimulator();
    info = test.simulator.info;
  });
  afterAll(() => test.close());

  it('is an accessible, self-contained page under a strict CSP with a CSRF cookie', async () => {
    const page = await openLoginPage(info.authUrl, implicit());
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html lang="en">/);
    expect(page.html).toMatch(/<label for="username">User name<\/label>\s*<input id="username"[^>]*autocomplete="username"/);
    expect(page.html).toMatch(/<label for="password">Password<\/label>\s*<input id="password"[^>]*type="password"/);
    expect(page.html).toMatch(/<button type="submit" name="decision" value="allow">Sign in<\/button>/);
    expect(page.html).toMatch(/<button type="submit" name="decision" value="deny" formnovalidate>Deny<\/button>/);
    expect(page.html).not.toMatch(/<script|src=|href=/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('form-action');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.cookie).toMatch(/^refdesk_auth_csrf=/);
    expect(page.fields.csrf_token).toMatch(/^\d+\./);
    expect(page.fields.state).toBe(state);
  });

  it('signs in through the form: 302 to the redirect URI with the token, Bearer, expires_in and the state unchanged', async () => {
    const page = await openLoginPage(info.authUrl, implicit());
    const answer = await submitLogin(info.authUrl, page, { username: 'demo', password: 'refdesk-demo', decision: 'allow' });
    expect(answer.status).toBe(302);
    expect(answer.location?.startsWith(`${loopback(53124)}#`)).toBe(true);
    const fragment = redirectParameters(answer.location ?? '', 'fragment');
    expect(fragment).toMatchObject({ token_type: 'Bearer', expires_in: '1200', state });
    expect(fragment.refresh_token).toBeUndefined();
    const api = await test.get('ref/v1/countries', { headers: { authorization: `Bearer ${fragment.access_token}` } });
    expect(api.status).toBe(200);
  });

  it('matches the loopback redirect URI on any port, and the custom-scheme one exactly', async () => {
    for (const redirect of [loopback(1), loopback(65000), 'http://127.0.0.1/refdesk/callback', 'refdesk://auth/callback']) {
      const page = await openLoginPage(info.authUrl, implicit({ redirect_uri: redirect }));
      expect(page.status, redirect).toBe(200);
      const answer = await submitLogin(info.authUrl, page, { username: 'trader2', password: 'refdesk-trader2', decision: 'allow' });
      expect(answer.location?.startsWith(`${redirect}#access_token=`), redirect).toBe(true);
    }
  });

  it('sends the user back with error=access_denied and the state when they deny', async () => {
    const page = await openLoginPage(info.authUrl, implicit());
    const answer = await submitLogin(info.authUrl, page, { decision: 'deny' });
    expect(answer.status).toBe(302);
    const fragment = redirectParameters(answer.location ?? '', 'fragment');
    expect(fragment).toMatchObject({ error: 'access_denied', state });
    expect(fragment.access_token).toBeUndefined();
  });

  it('shows the page again with an error, and no redirect, after a wrong password', async () => {
    const page = await openLoginPage(info.authUrl, implicit());
    const answer = await submitLogin(info.authUrl, page, { username: 'demo', password: 'wrong', decision: 'allow' });
    expect(answer.status).toBe(200);
    expect(answer.location).toBeNull();
    expect(answer.html).toContain('role="alert"');
    expect(answer.html).toContain('The user name or password is not correct.');
    expect(answer.html).toContain('value="demo"');
  });

  it('refuses a POST without the CSRF cookie or with another form\'s token (403, no redirect)', async () => {
    const page = await openLoginPage(info.authUrl, implicit());
    const other = await openLoginPage(info.authUrl, implicit());
    const credentials = { username: 'demo', password: 'refdesk-demo', decision: 'allow' };
    const withoutCookie = await submitLogin(info.authUrl, page, credentials, { cookie: '' });
    expect(withoutCookie.status).toBe(403);
    expect(withoutCookie.location).toBeNull();
    const crossed = await submitLogin(info.authUrl, page, credentials, { cookie: other.cookie });
    expect(crossed.status).toBe(403);
    const forgedToken = await submitLogin(info.authUrl, page, { ...credentials, csrf_token: '1.' + 'A'.repeat(43) });
    expect(forgedToken.status).toBe(403);
  });

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
    const cases = [
      implicit({ client_id: 'no-such-app' }),
      implicit({ redirect_uri: 'https://evil.example.com/refdesk/callback' }),
      implicit({ redirect_uri: 'http://127.0.0.1:8080/elsewhere' }),
      implicit({ redirect_uri: 'https://refdesk.example.com:8443/auth/callback' }),
    ];
    for (const parameters of cases) {
      const page = await openLoginPage(info.authUrl, parameters);
      expect(page.status, parameters.redirect_uri).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.html).toContain('role="alert"');
    }
    // The form's POST is checked the same way: tampered hidden fields do not make a redirect.
    const page = await openLoginPage(info.authUrl, implicit());
    const answer = await submitLogin(info.authUrl, page, { redirect_uri: 'https://evil.example.com/', username: 'demo', password: 'refdesk-demo' });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it('answers an unsupported response_type with error=unsupported_response_type on the redirect', async () => {
    const page = await openLoginPage(info.authUrl, implicit({ response_type: 'id_token' }));
    expect(page.status).toBe(302);
    const location = page.headers.get('location') ?? '';
    expect(location.startsWith(loopback(53124))).toBe(true);
    expect(redirectParameters(location, 'fragment')).toMatchObject({ error: 'unsupported_response_type', state });
  });

  describe('authorization code with PKCE', () => {
    const verifier = 'verifier-' + 'x'.repeat(50);
    const codeRequest = (overrides: Record<string, string> = {}) =>
      implicit({ response_type: 'code', code_challenge: s256Challenge(verifier), code_challenge_method: 'S256', ...overrides });

    async function signInForCode(): Promise<string> {
      const page = await openLoginPage(info.authUrl, codeRequest());
      const answer = await submitLogin(info.authUrl, page, { username: 'demo', password: 'refdesk-demo', decision: 'allow' });
      expect(answer.status).toBe(302);
      const query = redirectParameters(answer.location ?? '', 'query');
      expect(query.state).toBe(state);
      return query.code ?? '';
    }
    const exchange = (code: string, overrides: Record<string, string> = {}) =>
      postToken(info.authUrl, { grant_type: 'authorization_code', code, redirect_uri: loopback(53124), code_verifier: verifier, client_id: info.appKey, ...overrides });

    it('returns ?code=…&state=… and exchanges the code once for tokens (public client, PKCE)', async () => {
      const code = await signInForCode();
      const tokens = await exchange(code);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 1200 });
      expect(typeof tokens.body.refresh_token).toBe('string');
      expect(tokens.headers.get('cache-control')).toBe('no-store');
      const api = await test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(tokens.body.access_token)}` } });
      expect(api.status).toBe(200);

      // Reuse is refused, and ends the session the first exchange started.
      const reused = await exchange(code);
      expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      const after = await test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(tokens.body.access_token)}` } });
      expect(after.status).toBe(401);
    });

    it('refuses a wrong verifier (and the code is spent), another redirect URI, and a code request without S256', async () => {
      const code = await signInForCode();
      expect(await exchange(code, { code_verifier: 'wrong-' + 'y'.repeat(50) })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      const second = await signInForCode();
      expect(await exchange(second, { redirect_uri: loopback(9) })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

      const badChallenges: Record<string, string>[] = [{ code_challenge_method: 'plain' }, { code_challenge: '' }];
      for (const overrides of badChallenges) {
        const page = await openLoginPage(info.authUrl, codeRequest(overrides));
        expect(page.status).toBe(302);
        expect(redirectParameters(page.headers.get('location') ?? '', 'query')).toMatchObject({ error: 'invalid_request', state });
      }
    });
  });
});
