import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../main/core/api/http';
import { IMPLICIT_REFUSED_IN_BROWSER, popupSignIn } from '../../main/core/session/interactiveSignIn';
import { SessionService } from '../../main/core/session/sessionService';
import type { SignInStart } from '../../contract/session';
import { PushEventBus } from '../../main/core/events';
import { ProfileService } from '../../main/core/session/profileService';
import { MemoryTokenStore, sessionAccount } from '../../main/core/secrets/tokenStore';
import { parseStoredTokenSet } from '../../main/core/session/tokenSet';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { answerLoginPage } from '../support/loginPage';

/** Short enough to watch the whole lifetime: refresh at 3 s, warning at 4 s, expiry at 6 s. */
const TOKEN_TTL_SECONDS = 6;
let sim: TestSimulator;
const running: SessionService[] = [];

beforeAll(async () => {
  sim = await startTestSimulator({ tokenTtlSeconds: TOKEN_TTL_SECONDS });
});
afterAll(async () => sim?.close());
afterEach(() => {
  for (const session of running.splice(0)) session.close();
});

/** A session on `simulator`'s embedded profile, signing in as the web shell does (popup + callback page). */
async function newSession(store = new MemoryTokenStore(), simulator: TestSimulator = sim) {
  const info = simulator.simulator.info;
  const events = new PushEventBus();
  const seen: { event: string; payload: unknown }[] = [];
  events.subscribe((event, payload) => seen.push({ event, payload }));
  const profiles = await ProfileService.open({
    dataDir: await mkdtemp(path.join(tmpdir(), 'refdesk-session-')),
    secrets: store,
    embedded: { baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, appSecret: info.appSecret, redirectUri: info.redirectUri },
  });
  const session = new SessionService({ profiles, store, events, interactive: popupSignIn('http://127.0.0.1:45678') });
  running.push(session);
  return { session, profiles, store, seen };
}

/** What the renderer does in the web shell: open the popup (here: answer the form over HTTP) and hand the callback to main. */
async function signInThroughPopup(session: SessionService, decision: 'allow' | 'deny' = 'allow', simulator: TestSimulator = sim) {
  const start: SignInStart = await session.signIn();
  if (start.outcome !== 'openPopup') throw new Error(`expected a popup, got ${start.outcome}`);
  const { username, password } = simulator.simulator.info;
  const location = new URL(await answerLoginPage(start.authorizeUrl, { username, password, decision }));
  const fromCallback = await session.completeSignIn({ query: location.search, fragment: location.hash });
  const fromWaiter = await session.waitForSignIn(start.attemptId);
  return { fromCallback, fromWaiter, location, authorizeUrl: new URL(start.authorizeUrl) };
}

/** The session the token store keeps for the embedded profile. */
async function storedTokens(store: MemoryTokenStore) {
  const stored = await store.get(sessionAccount('embedded'));
  return stored === undefined ? undefined : parseStoredTokenSet(stored);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session lifecycle with the simulator', () => {
  it('signs the embedded profile in with code + PKCE: the callback carries a code, never a token, and the renderer view names the user', async () => {
    const { session, store, seen } = await newSession();
    const { fromCallback, fromWaiter, location, authorizeUrl } = await signInThroughPopup(session);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(fromCallback.outcome).toBe('signedIn');
    expect(fromWaiter).toEqual(fromCallback);
    expect(location.hash).toBe('');
    expect(location.searchParams.get('code')).toBeTruthy();
    const view = session.view();
    expect(view).toMatchObject({ signedIn: true, user: { userId: sim.simulator.info.userId }, profile: { id: 'embedded', flow: 'code' }, signingIn: false });
    const tokens = await storedTokens(store);
    expect(tokens?.refreshToken).toBeTruthy();
    const token = tokens?.accessToken ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(location.toString()).not.toContain(token);
    expect(JSON.stringify([view, fromCallback, seen])).not.toContain(token);

    const http = createHttpClient({ baseUrl: sim.baseUrl, auth: session });
    const feed = await http.getJson<{ Data: unknown[] }>('ref/v1/countries');
    expect(feed.Data.length).toBeGreaterThan(200);
  });

  it('keeps the embedded session for the day: it refreshes silently before expiry, never warning nor ending (17.8)', async () => {
    const { session, seen } = await newSession();
    await signInThroughPopup(session);
    const firstExpiry = session.view().expiresAt!;
    await sleep(TOKEN_TTL_SECONDS * 1000 * 2 + 500);
    expect(session.view()).toMatchObject({ signedIn: true });
    expect(session.view().expiresAt! > firstExpiry).toBe(true);
    expect(seen.filter(({ event }) => event === 'session:expiring')).toEqual([]);
  }, 20_000);

  it('refuses an implicit profile in the browser version, saying why and what to do (15.2)', async () => {
    const { session, profiles } = await newSession();
    const info = sim.simulator.info;
    const saved = await profiles.save({ name: 'Implicit', baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, redirectUri: info.redirectUri, flow: 'implicit' });
    await session.chooseProfile(saved.id);
    await expect(session.signIn()).resolves.toMatchObject({ outcome: 'failed', message: IMPLICIT_REFUSED_IN_BROWSER });
    expect(session.view()).toMatchObject({ signedIn: false, signingIn: false });
  });

  it('reports the deny button in words and stays signed out', async () => {
    const { session } = await newSession();
    const { fromWaiter } = await signInThroughPopup(session, 'deny');
    expect(fromWaiter).toMatchObject({ outcome: 'failed', message: 'You declined the sign-in, so RefDesk is not signed in.' });
    expect(session.view().signedIn).toBe(false);
  });

  it('treats a closed popup as cancelled and ignores its late callback', async () => {
    const { session } = await newSession();
    const start = await session.signIn();
    if (start.outcome !== 'openPopup') throw new Error('expected a popup');
    expect(session.view().signingIn).toBe(true);
    expect(session.cancelSignIn(start.attemptId).signingIn).toBe(false);
    await expect(session.waitForSignIn(start.attemptId)).resolves.toMatchObject({ outcome: 'cancelled' });
    const late = await session.completeSignIn({ query: '?code=x&state=y' });
    expect(late).toMatchObject({ outcome: 'failed', message: 'No sign-in is in progress; start it again from RefDesk.' });
  });

  it('ignores a callback of another sign-in, or an error without its state, and keeps waiting for the real one', async () => {
    const { session } = await newSession();
    const start = await session.signIn();
    if (start.outcome !== 'openPopup') throw new Error('expected a popup');
    const forged = await session.completeSignIn({ query: '?code=forged&state=guess' });
    expect(forged).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/did not belong to the sign-in RefDesk started/) });
    expect(session.view()).toMatchObject({ signedIn: false, signingIn: true });
    // A cross-site page opening the callback with an error but without the state cannot end it either (15.6).
    const aborted = await session.completeSignIn({ fragment: '#error=access_denied&error_description=Call+0800-EVIL' });
    expect(aborted).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/did not belong to the sign-in RefDesk started/) });
    expect(session.view()).toMatchObject({ signedIn: false, signingIn: true });
    const { username, password } = sim.simulator.info;
    const location = new URL(await answerLoginPage(start.authorizeUrl, { username, password, decision: 'allow' }));
    await expect(session.completeSignIn({ query: location.search })).resolves.toMatchObject({ outcome: 'signedIn' });
  });

  it('refreshes a signed-assertion session before expiry, so it never warns nor ends', async () => {
    const { session, profiles, seen } = await newSession();
    const info = sim.simulator.info;
    const saved = await profiles.save({
      name: 'Simulator by assertion',
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      appKey: info.appKey,
      appSecret: info.appSecret,
      redirectUri: info.redirectUri,
      flow: 'assertion',
      assertion: { certificatePath: info.certificatePath, privateKeyPath: info.privateKeyPath, appUrl: info.appUrl, userId: info.userId },
    });
    await session.chooseProfile(saved.id);
    const start = await session.signIn();
    expect(start.outcome).toBe('signedIn');
    const firstExpiry = session.view().expiresAt;
    await sleep(TOKEN_TTL_SECONDS * 1000 + 1500);
    const view = session.view();
    expect(view.signedIn).toBe(true);
    expect(view.expiresAt! > firstExpiry!).toBe(true);
    expect(seen.filter(({ event }) => event === 'session:expiring')).toEqual([]);
  }, 20_000);

  it('restores a stored session at start, but not one of another authorization server', async () => {
    const store = new MemoryTokenStore();
    const first = await newSession(store);
    await signInThroughPopup(first.session);
    const again = await newSession(store);
    await again.session.restore();
    expect(again.session.view()).toMatchObject({ signedIn: true, user: { userId: sim.simulator.info.userId } });

    const stored = JSON.parse((await store.get(sessionAccount('embedded')))!) as Record<string, unknown>;
    await store.set(sessionAccount('embedded'), JSON.stringify({ ...stored, authUrl: 'http://127.0.0.1:1/auth' }));
    const elsewhere = await newSession(store);
    await elsewhere.session.restore();
    expect(elsewhere.session.view().signedIn).toBe(false);
    expect(await store.get(sessionAccount('embedded'))).toBeUndefined();
  });
});

describe('a session that cannot be renewed', () => {
  /** Refresh tokens outlive nothing here: the embedded session cannot refresh, so it warns and ends. */
  let shortLived: TestSimulator;
  beforeAll(async () => {
    shortLived = await startTestSimulator({ tokenTtlSeconds: TOKEN_TTL_SECONDS, refreshTokenTtlSeconds: 1 });
  });
  afterAll(async () => shortLived?.close());

  it('warns before expiry, ends the session at expiry, and a refused call completes once the user signs in again', async () => {
    const { session, store, seen } = await newSession(new MemoryTokenStore(), shortLived);
    await signInThroughPopup(session, 'allow', shortLived);
    await sleep(TOKEN_TTL_SECONDS * 1000 + 300);
    expect(seen.some(({ event, payload }) => event === 'session:expiring' && (payload as { secondsLeft: number }).secondsLeft <= 2)).toBe(true);
    expect(session.view()).toMatchObject({ signedIn: false, signInNeeded: 'expired' });
    expect(await store.get(sessionAccount('embedded'))).toBeUndefined();

    // The screen asked for data after expiry: the call waits for the new sign-in instead of failing.
    const http = createHttpClient({ baseUrl: shortLived.baseUrl, auth: session });
    const pending = http.getJson<{ Data: unknown[] }>('ref/v1/countries');
    await sleep(200);
    await signInThroughPopup(session, 'allow', shortLived);
    await expect(pending).resolves.toMatchObject({ Data: expect.any(Array) });
    expect(session.view().signedIn).toBe(true);
  }, 20_000);
});
