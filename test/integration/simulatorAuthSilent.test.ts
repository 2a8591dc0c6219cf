import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startSimulatorCli } from '../support/simulatorProcess';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { cookieHeader, openLoginPage, redirectParameters, submitLogin } from '../support/loginPage';
import { postToken } from '../support/tokenRequests';

describe('silent re-authentication: the login session and prompt=none', () => {
  let offsetMs = 0;
  let test: TestSimulator;
  let info: SimulatorInfo;
  const appOrigin = 'http://127.0.0.1:4810';
  const redirectUri = `${appOrigin}/refdesk/callback`;
  const implicit = (extra: Record<string, string> = {}) => ({ response_type: 'token', client_id: info.appKey, redirect_uri: redirectUri, state: 'st-1', ...extra });

  beforeAll(async () => {
    test = await startTestSimulator({ clock: () => new Date(Date.now() + offsetMs), loginSessionTtlSeconds: 600 });
    info = test.simulator.info;
  });
  afterAll(() => test.close());

  /** Signs `username` in on the login page; the cookies the browser would keep. */
  async function interactiveSignIn(username = 'demo', password = 'refdesk-demo') {
    const page = await openLoginPage(info.authUrl, implicit());
    const answer = await submitLogin(info.authUrl, page, { username, password, decision: 'allow' });
    expect(answer.status).toBe(302);
    return answer;
  }

  /** GET /authorize as a browser holding `cookie` would, not following the answer. */
  async function authorize(parameters: Record<string, string>, cookie = '') {
    const response = await fetch(`${info.authUrl}/authorize?${new URLSearchParams(parameters)}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    return { status: response.status, headers: response.headers, location: response.headers.get('location') ?? '', html: await response.text() };
  }
  const apiStatus = async (token: string | undefined) =>
    (await test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(token)}` } })).status;

  it('starts a login session on sign-in: HttpOnly cookies on the auth path, SameSite=None; Secure and a Lax companion', async () => {
    const answer = await interactiveSignIn();
    const cookies = answer.setCookies.filter((cookie) => cookie.startsWith('refdesk_auth_login'));
    expect(cookies).toHaveLength(2);
    const [none, lax] = cookies;
    expect(none).toMatch(/^refdesk_auth_login=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['Max-Age=600', 'Path=/auth', 'HttpOnly', 'Secure', 'SameSite=None']) expect(none).toContain(attribute);
    expect(lax).toMatch(/^refdesk_auth_login_lax=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['Max-Age=600', 'Path=/auth', 'HttpOnly', 'SameSite=Lax']) expect(lax).toContain(attribute);
  });

  it('answers prompt=none with a fresh token for the signed-in user, without the login page, framable only by the redirect URI', async () => {
    const cookie = cookieHeader((await interactiveSignIn('trader2', 'refdesk-trader2')).setCookies);
    const silent = await authorize(implicit({ prompt: 'none' }), cookie);
    expect(silent.status).toBe(302);
    expect(silent.html).not.toContain('<form');
    const fragment = redirectParameters(silent.location, 'fragment');
    expect(silent.location.startsWith(`${redirectUri}#`)).toBe(true);
    expect(fragment).toMatchObject({ token_type: 'Bearer', expires_in: '1200', state: 'st-1' });
    expect(await apiStatus(fragment.access_token)).toBe(200);
    expect(JSON.parse(Buffer.from(String(fragment.access_token).split('.')[1] ?? '', 'base64url').toString()).name).toBe('Jonas Berger');
    expect(silent.headers.get('content-security-policy')).toBe(`frame-ancestors ${appOrigin}`);
    expect(silent.headers.get('x-frame-options')).toBeNull();
    expect(silent.headers.get('cache-control')).toBe('no-store');
    // Each silent sign-in is a new token.
    const again = redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment');
    expect(again.access_token).not.toBe(fragment.access_token);
  });

  it('answers prompt=none in the code flow with a code, exchanged with PKCE or the secret', async () => {
    const cookie = cookieHeader((await interactiveSignIn()).setCookies);
    const silent = await authorize(implicit({ response_type: 'code', prompt: 'none' }), cookie);
    const query = redirectParameters(silent.location, 'query');
    expect(query.state).toBe('st-1');
    const tokens = await postToken(info.authUrl, { grant_type: 'authorization_code', code: query.code ?? '', redirect_uri: redirectUri }, [info.appKey, info.appSecret]);
    expect(tokens.status).toBe(200);
    expect(await apiStatus(String(tokens.body.access_token))).toBe(200);
  });

  it('answers prompt=none without a live login session with error=login_required and the state', async () => {
    const expected = { error: 'login_required', state: 'st-1' };
    const withoutCookie = await authorize(implicit({ prompt: 'none' }));
    expect(withoutCookie.status).toBe(302);
    expect(redirectParameters(withoutCookie.location, 'fragment')).toMatchObject(expected);
    expect(withoutCookie.headers.get('content-security-policy')).toBe(`frame-ancestors ${appOrigin}`);
    const forged = await authorize(implicit({ prompt: 'none' }), `refdesk_auth_login=${'A'.repeat(43)}`);
    expect(redirectParameters(forged.location, 'fragment')).toMatchObject(expected);
    const codeFlow = await authorize(implicit({ response_type: 'code', prompt: 'none' }));
    expect(redirectParameters(codeFlow.location, 'query')).toMatchObject(expected);

    // The session lives --login-session-ttl (600 s here) from the sign-in, however often it is used.
    const cookie = cookieHeader((await interactiveSignIn()).setCookies);
    offsetMs += 599_000;
    expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment').access_token).toBeDefined();
    offsetMs += 2_000;
    expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment')).toMatchObject(expected);
  });

  describe('per-application consent', () => {
    interface StrangersApp {
      appKey: string;
      redirectUri: string;
      responseType: 'token' | 'code';
      /** Where the redirect carries the answer. */
      part: 'fragment' | 'query';
    }

    /** An approved, active browser-flow app of trader2's (a stranger's app, for the demo user) and its https redirect URI. */
    async function strangersApp(): Promise<StrangersApp> {
      const listed = await test.get<{ Data: { AppKey: string; Status: string; IsActive: boolean; Flow: string }[] }>('developer/apps?$top=1000', { as: 'trader2' });
      for (const app of listed.body.Data.filter((candidate) => candidate.Status === 'OK' && candidate.IsActive && ['Implicit', 'Code'].includes(candidate.Flow))) {
        const detail = await test.get<{ RedirectUris?: { Uri: string }[] }>(`developer/apps/${app.AppKey}`, { as: 'trader2' });
        const uri = detail.body.RedirectUris?.map((redirect) => redirect.Uri).find((candidate) => candidate.startsWith('https://'));
        const implicitFlow = app.Flow === 'Implicit';
        if (uri) return { appKey: app.AppKey, redirectUri: uri, responseType: implicitFlow ? 'token' : 'code', part: implicitFlow ? 'fragment' : 'query' };
      }
      throw new Error('trader2 has no approved browser-flow app with an https redirect URI');
    }
    const requestFor = (app: StrangersApp, state: string) => ({ response_type: app.responseType, client_id: app.appKey, redirect_uri: app.redirectUri, state });
    const grantOf = (parameters: Record<string, string>) => parameters.access_token ?? parameters.code;

    it("answers prompt=none for an app the user has not signed in to in this session with consent_required, on that app's redirect URI", async () => {
      const stranger = await strangersApp();
      const cookie = cookieHeader((await interactiveSignIn()).setCookies);
      const answer = await authorize({ ...requestFor(stranger, 'st-9'), prompt: 'none' }, cookie);
      expect(answer.status).toBe(302);
      expect(answer.location.startsWith(stranger.redirectUri)).toBe(true);
      const parameters = redirectParameters(answer.location, stranger.part);
      expect(parameters).toMatchObject({ error: 'consent_required', state: 'st-9' });
      expect(grantOf(parameters)).toBeUndefined();
      // The app the user did sign in to still renews silently.
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment').access_token).toBeDefined();
    });

    it("answers consent_required in the code flow too, in the query, with no code", async () => {
      const stranger = await strangersApp();
      // Signed in to the stranger's app only: RefDesk's app gets no code silently.
      const page = await openLoginPage(info.authUrl, requestFor(stranger, 'st-7'));
      const signedIn = await submitLogin(info.authUrl, page, { username: 'demo', password: 'refdesk-demo', decision: 'allow' });
      expect(signedIn.status).toBe(302);
      const cookie = cookieHeader(signedIn.setCookies.filter((line) => line.startsWith('refdesk_auth_login')));
      const query = redirectParameters((await authorize(implicit({ response_type: 'code', prompt: 'none' }), cookie)).location, 'query');
      expect(query).toMatchObject({ error: 'consent_required', state: 'st-1' });
      expect(query.code).toBeUndefined();
    });

    it('issues silently to a second app once the user has signed in to it on the login page, with a new cookie value', async () => {
      const stranger = await strangersApp();
      const firstCookie = cookieHeader((await interactiveSignIn()).setCookies);
      const page = await openLoginPage(info.authUrl, requestFor(stranger, 'st-8'), firstCookie);
      const second = await submitLogin(info.authUrl, page, { username: 'demo', password: 'refdesk-demo', decision: 'allow' }, { cookie: `${firstCookie}; ${page.cookie}` });
      expect(second.status).toBe(302);
      const secondCookie = cookieHeader(second.setCookies.filter((line) => line.startsWith('refdesk_auth_login')));
      expect(secondCookie).not.toBe(firstCookie);
      // The new cookie carries both apps; the old value names no session any more (no fixation).
      expect(grantOf(redirectParameters((await authorize({ ...requestFor(stranger, 'st-8'), prompt: 'none' }, secondCookie)).location, stranger.part))).toBeDefined();
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), secondCookie)).location, 'fragment').access_token).toBeDefined();
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), firstCookie)).location, 'fragment')).toMatchObject({ error: 'login_required' });
    });

    it("does not carry one user's apps to another user signing in on the same browser", async () => {
      const demoCookie = cookieHeader((await interactiveSignIn()).setCookies);
      const page = await openLoginPage(info.authUrl, implicit(), demoCookie);
      const trader = await submitLogin(info.authUrl, page, { username: 'trader2', password: 'refdesk-trader2', decision: 'allow' }, { cookie: `${demoCookie}; ${page.cookie}` });
      const traderCookie = cookieHeader(trader.setCookies.filter((line) => line.startsWith('refdesk_auth_login')));
      const silent = redirectParameters((await authorize(implicit({ prompt: 'none' }), traderCookie)).location, 'fragment');
      expect(JSON.parse(Buffer.from(String(silent.access_token).split('.')[1] ?? '', 'base64url').toString()).name).toBe('Jonas Berger');
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), demoCookie)).location, 'fragment')).toMatchObject({ error: 'login_required' });
    });
  });

  it('accepts the Lax companion cookie alone (a browser that refused the Secure one)', async () => {
    const lax = (await interactiveSignIn()).setCookies.find((cookie) => cookie.startsWith('refdesk_auth_login_lax='));
    const silent = await authorize(implicit({ prompt: 'none' }), cookieHeader([lax ?? '']));
    expect(redirectParameters(silent.location, 'fragment').access_token).toBeDefined();
  });

  it('shows the login page, unframable, for prompt=login and without prompt, even during a login session', async () => {
    const cookie = cookieHeader((await interactiveSignIn()).setCookies);
    for (const parameters of [implicit({ prompt: 'login' }), implicit()]) {
      const page = await authorize(parameters, cookie);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<form method="post" action="authorize">');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('refuses an unknown prompt value, and prompt=none mixed with others, with invalid_request', async () => {
    for (const prompt of ['never', 'none login', '']) {
      const answer = await authorize(implicit({ prompt: prompt || ' ' }));
      expect(answer.status, prompt).toBe(302);
      expect(redirectParameters(answer.location, 'fragment'), prompt).toMatchObject({ error: 'invalid_request', state: 'st-1' });
    }
  });

  it('still shows an error page, never a redirect, for prompt=none with an unregistered redirect URI', async () => {
    const cookie = cookieHeader((await interactiveSignIn()).setCookies);
    const answer = await authorize(implicit({ prompt: 'none', redirect_uri: 'https://evil.example.com/cb' }), cookie);
    expect(answer.status).toBe(400);
    expect(answer.location).toBe('');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  describe('/logout', () => {
    it('ends the login session (GET or POST) and clears its cookies; the tokens already issued stay valid', async () => {
      for (const method of ['GET', 'POST']) {
        const signIn = await interactiveSignIn();
        const token = redirectParameters(signIn.location ?? '', 'fragment').access_token;
        const cookie = cookieHeader(signIn.setCookies);
        const response = await fetch(`${info.authUrl}/logout`, {
          method,
          redirect: 'manual',
          headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(method === 'POST' ? { body: '' } : {}),
        });
        expect(response.status, method).toBe(200);
        expect(await response.text()).toContain('You are signed out');
        const cleared = response.headers.getSetCookie().filter((line) => line.startsWith('refdesk_auth_login'));
        expect(cleared).toHaveLength(2);
        for (const line of cleared) expect(line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
        // The browser's old cookie no longer signs anyone in.
        expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment')).toMatchObject({ error: 'login_required' });
        expect(await apiStatus(token)).toBe(200);
      }
    });

    it('ends the login session a token was signed in through, from a back end without the cookie (id_token_hint)', async () => {
      const signIn = await interactiveSignIn();
      const token = redirectParameters(signIn.location ?? '', 'fragment').access_token ?? '';
      const cookie = cookieHeader(signIn.setCookies);
      const logout = (form: Record<string, string>) =>
        fetch(`${info.authUrl}/logout`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

      // Refused hints end nothing: a token of no one, or one of another app than client_id.
      const forged = await logout({ id_token_hint: `${token.slice(0, -4)}AAAA`, client_id: info.appKey });
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain('id_token_hint is not a token this server issued.');
      const otherApp = await logout({ id_token_hint: token, client_id: 'f'.repeat(32) });
      expect(otherApp.status).toBe(400);
      expect(await otherApp.text()).toContain('id_token_hint was issued to another application than client_id.');
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment').access_token).toBeDefined();

      const ended = await logout({ id_token_hint: token, client_id: info.appKey });
      expect(ended.status).toBe(200);
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment')).toMatchObject({ error: 'login_required' });
    });

    it('sends the user back to a registered post_logout_redirect_uri with the state, and never to another', async () => {
      const cookie = cookieHeader((await interactiveSignIn()).setCookies);
      const back = await fetch(`${info.authUrl}/logout?${new URLSearchParams({ client_id: info.appKey, post_logout_redirect_uri: redirectUri, state: 'bye' })}`, {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe(`${redirectUri}?state=bye`);
      expect(redirectParameters((await authorize(implicit({ prompt: 'none' }), cookie)).location, 'fragment').error).toBe('login_required');

      const refusals: Record<string, string>[] = [{ client_id: info.appKey, post_logout_redirect_uri: 'https://evil.example.com/' }, { post_logout_redirect_uri: redirectUri }];
      for (const parameters of refusals) {
        const refused = await fetch(`${info.authUrl}/logout?${new URLSearchParams(parameters)}`, { redirect: 'manual' });
        expect(refused.status).toBe(400);
        expect(refused.headers.get('location')).toBeNull();
      }
    });
  });

  it('npm run simulator refuses a bad --login-session-ttl with a clear message', async () => {
    const failure = await startSimulatorCli(['--port', '0', '--login-session-ttl', '8h']).catch(
      (error: Error) => error.message,
    );
    expect(failure).toContain('exited with 2');
    expect(failure).toContain('--login-session-ttl must be a whole number');
  });
});
