import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { MemoryTokenStore, sessionAccount } from '../../main/core/secrets/tokenStore';
import { popupSignIn } from '../../main/core/session/interactiveSignIn';
import { ProfileService } from '../../main/core/session/profileService';
import { SessionService } from '../../main/core/session/sessionService';
import { requestToken } from '../../main/core/session/tokenEndpoint';
import { parseStoredTokenSet, type TokenSet } from '../../main/core/session/tokenSet';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { answerLoginPageKeepingCookies } from '../support/loginPage';

let sim: TestSimulator;
const running: SessionService[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => sim?.close());
afterEach(() => {
  for (const session of running.splice(0)) session.close();
});

/** A web-shell session on the embedded profile; `fetch` stands between main and the authorization server. */
async function newSession(fetchThrough: typeof fetch = fetch) {
  const info = sim.simulator.info;
  const store = new MemoryTokenStore();
  const logged: string[] = [];
  const profiles = await ProfileService.open({
    dataDir: await mkdtemp(path.join(tmpdir(), 'refdesk-signout-')),
    secrets: store,
    embedded: { baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, appSecret: info.appSecret, redirectUri: info.redirectUri },
  });
  const session = new SessionService({
    profiles,
    store,
    events: new PushEventBus(),
    interactive: popupSignIn('http://127.0.0.1:45678'),
    fetch: fetchThrough,
    log: (message) => logged.push(message),
  });
  running.push(session);
  return { session, store, logged };
}

/**
 * Signs in through the login page as the web shell does; returns the authorize URL it used, the
 * stored tokens and the cookies the popup's browser keeps (the authorization server's login session).
 */
async function signIn(session: SessionService, store: MemoryTokenStore): Promise<{ authorizeUrl: URL; tokens: TokenSet; browserCookie: string }> {
  const start = await session.signIn();
  if (start.outcome !== 'openPopup') throw new Error(`expected a popup, got ${start.outcome}`);
  const { username, password } = sim.simulator.info;
  const answer = await answerLoginPageKeepingCookies(start.authorizeUrl, { username, password, decision: 'allow' });
  const location = new URL(answer.location);
  await expect(session.completeSignIn({ query: location.search })).resolves.toMatchObject({ outcome: 'signedIn' });
  const tokens = parseStoredTokenSet((await store.get(sessionAccount('embedded'))) ?? '');
  if (!tokens) throw new Error('no session was stored');
  return { authorizeUrl: new URL(start.authorizeUrl), tokens, browserCookie: answer.cookie };
}

/**
 * What a `prompt=none` request for RefDesk's app answers in the browser that signed in (a hidden
 * iframe, or a page of another site navigating there): the redirect's query parameters.
 */
async function silentAnswer(authorizeUrl: URL, browserCookie: string): Promise<Record<string, string>> {
  const silent = new URL(authorizeUrl);
  silent.searchParams.set('prompt', 'none');
  const response = await fetch(silent, { redirect: 'manual', headers: { cookie: browserCookie } });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  return Object.fromEntries(new URL(response.headers.get('location') ?? '').searchParams);
}

/** The API's answer status to a call with `token`. */
async function apiStatusWith(token: string): Promise<number> {
  const response = await fetch(`${sim.baseUrl}/ref/v1/countries`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('signing out', () => {
  it('revokes the session at the simulator: the old access token is refused at once and the refresh token is dead (15.2)', async () => {
    const { session, store, logged } = await newSession();
    const { tokens } = await signIn(session, store);
    expect(await apiStatusWith(tokens.accessToken)).toBe(200);

    const view = await session.signOut();
    expect(view).toMatchObject({ signedIn: false });
    expect(view.signInNeeded).toBeUndefined();
    expect(await store.get(sessionAccount('embedded'))).toBeUndefined();
    expect(session.accessToken()).toBeUndefined();
    expect(await apiStatusWith(tokens.accessToken)).toBe(401);
    const info = sim.simulator.info;
    await expect(
      requestToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' }, { clientId: info.appKey, clientSecret: info.appSecret }),
    ).rejects.toMatchObject({ details: { code: 'invalid_grant' } });
    expect(logged).toEqual([]);
  });

  it("ends the authorization server's login session: before, prompt=none signs the browser in silently; after, it answers login_required", async () => {
    const { session, store, logged } = await newSession();
    const { authorizeUrl, browserCookie } = await signIn(session, store);
    const before = await silentAnswer(authorizeUrl, browserCookie);
    expect(before.code).toBeDefined();
    expect(before.error).toBeUndefined();

    await session.signOut();
    const after = await silentAnswer(authorizeUrl, browserCookie);
    expect(after).toMatchObject({ error: 'login_required' });
    expect(after.code).toBeUndefined();
    expect(logged).toEqual([]);
  });

  it('asks for the password again on the next sign-in (prompt=login), so another user can sign in', async () => {
    const { session, store } = await newSession();
    const first = await signIn(session, store);
    expect(first.authorizeUrl.searchParams.has('prompt')).toBe(false);
    await session.signOut();
    const second = await signIn(session, store);
    expect(second.authorizeUrl.searchParams.get('prompt')).toBe('login');
    // Signed in again: later sign-ins may use the server's login session once more.
    await session.chooseProfile('embedded');
    const start = await session.signIn();
    expect(start.outcome === 'openPopup' && new URL(start.authorizeUrl).searchParams.has('prompt')).toBe(false);
  });

  it('signs out just the same where the server offers no revocation: the session ends here, nothing is logged as failed', async () => {
    const withoutMetadata = (async (input: string | URL | Request, init?: RequestInit) =>
      String(input).includes('/.well-known/') ? new Response('not found', { status: 404 }) : fetch(input, init)) as typeof fetch;
    const { session, store, logged } = await newSession(withoutMetadata);
    const { tokens } = await signIn(session, store);
    await expect(session.signOut()).resolves.toMatchObject({ signedIn: false });
    expect(await store.get(sessionAccount('embedded'))).toBeUndefined();
    expect(logged).toEqual([]);
    // Without revocation the server still honours the token until it expires: why revocation matters.
    expect(await apiStatusWith(tokens.accessToken)).toBe(200);
  });
});
