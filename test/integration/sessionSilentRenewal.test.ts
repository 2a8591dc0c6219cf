import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import { ProfileService } from '../../main/core/session/profileService';
import { SessionService } from '../../main/core/session/sessionService';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { HttpAuthWindow } from '../support/httpAuthWindow';

/** Short enough to watch: renewal at 3 s, the warning at 4 s, expiry at 6 s. */
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An implicit profile of the simulator's demo app, signed in through its login page in the (HTTP) auth window. */
async function signedInImplicitSession() {
  const info = sim.simulator.info;
  const store = new MemoryTokenStore();
  const events = new PushEventBus();
  const seen: string[] = [];
  events.subscribe((event) => seen.push(event));
  const profiles = await ProfileService.open({
    dataDir: await mkdtemp(path.join(tmpdir(), 'refdesk-silent-')),
    secrets: store,
    embedded: { baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, appSecret: info.appSecret, redirectUri: info.redirectUri },
  });
  const profile = await profiles.save({ name: 'Implicit', baseUrl: info.baseUrl, authUrl: info.authUrl, appKey: info.appKey, redirectUri: info.redirectUri, flow: 'implicit' });
  await profiles.choose(profile.id);
  const window = new HttpAuthWindow({ username: info.username, password: info.password, decision: 'allow' });
  const session = new SessionService({ profiles, store, events, interactive: window, log: () => undefined });
  running.push(session);
  await expect(session.signIn()).resolves.toMatchObject({ outcome: 'signedIn' });
  return { session, window, seen };
}

/** The API's answer status to a call with `token`. */
async function apiStatusWith(token: string): Promise<number> {
  const response = await fetch(`${sim.baseUrl}/ref/v1/countries`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('silent renewal against the simulator (prompt=none, 14.4)', () => {
  it("renews an implicit session with the authorization server's login session, without showing the login page", async () => {
    const { session, window, seen } = await signedInImplicitSession();
    const first = session.accessToken() ?? '';
    expect(window.opened).toHaveLength(1);
    await sleep(TOKEN_TTL_SECONDS * 1000 + 1000);
    expect(window.silentlyOpened.length).toBeGreaterThanOrEqual(1);
    expect(new URL(window.silentlyOpened[0] ?? '').searchParams.get('prompt')).toBe('none');
    expect(window.opened).toHaveLength(1);
    expect(seen).not.toContain('session:expiring');
    expect(session.view()).toMatchObject({ signedIn: true });
    const renewed = session.accessToken() ?? '';
    expect(renewed).not.toBe(first);
    expect(await apiStatusWith(renewed)).toBe(200);
  }, 20_000);

  it('falls back to the warning when the login session is gone (login_required), and the session ends at expiry', async () => {
    const { session, window, seen } = await signedInImplicitSession();
    // The authorization server's login session ends (as at its /logout): prompt=none gets login_required.
    await fetch(`${sim.simulator.info.authUrl}/logout`, { headers: { cookie: [...window.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    window.cookies.clear();
    await sleep(TOKEN_TTL_SECONDS * 1000 + 500);
    expect(window.silentlyOpened.length).toBeGreaterThanOrEqual(1);
    expect(window.opened).toHaveLength(1);
    expect(seen).toContain('session:expiring');
    expect(session.view()).toMatchObject({ signedIn: false, signInNeeded: 'expired' });
  }, 20_000);
});
