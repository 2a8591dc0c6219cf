import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import type { WindowAuthorizationRequest, WindowSignIn } from '../../main/core/session/interactiveSignIn';
import { ProfileService } from '../../main/core/session/profileService';
import { SessionService } from '../../main/core/session/sessionService';

/** Tokens live 60 s: renewal at 30 s, the warning at 40 s, expiry at 60 s. */
const TTL_SECONDS = 60;

/** The Electron auth window, faked: the login page answers with `token-<n>`; the hidden one as `silentAnswer` says. */
function fakeWindow(silentAnswer: (state: string) => string) {
  let issued = 0;
  const callback = (fragment: string) => ({
    kind: 'redirected' as const,
    url: `http://127.0.0.1/refdesk/callback#${fragment}`,
  });
  const stateOf = (request: WindowAuthorizationRequest) => new URL(request.authorizeUrl).searchParams.get('state') ?? '';
  const silent: string[] = [];
  const window: WindowSignIn = {
    kind: 'window',
    redirectUriFor: ({ redirectUri }) => redirectUri,
    authorize: async (request) =>
      callback(`access_token=token-${++issued}&token_type=Bearer&expires_in=${TTL_SECONDS}&state=${stateOf(request)}`),
    authorizeSilently: async (request) => {
      silent.push(request.authorizeUrl);
      return callback(silentAnswer(stateOf(request)));
    },
    abort: () => undefined,
    clearStorage: async () => undefined,
  };
  return { window, silent };
}

let dataDir: string;
const running: SessionService[] = [];
/** The sign-in service answers (RefDesk checks it does before showing its login page). */
const signInServiceAnswers: typeof fetch = async () => new Response(null, { status: 405 });

beforeEach(async () => {
  vi.useFakeTimers();
  dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-silent-'));
});
afterEach(() => {
  for (const session of running.splice(0)) session.close();
  vi.useRealTimers();
});

/** A signed-in implicit session of a remote profile, in a shell that renews through `window`. */
async function signedInSession(window: WindowSignIn, store = new MemoryTokenStore()) {
  const events = new PushEventBus();
  const seen: string[] = [];
  events.subscribe((event) => seen.push(event));
  const logged: string[] = [];
  const profiles = await ProfileService.open({
    dataDir,
    secrets: store,
    embedded: { baseUrl: 'http://127.0.0.1:1/openapi', authUrl: 'http://127.0.0.1:1/auth', appKey: 'k', redirectUri: 'http://127.0.0.1/refdesk/callback' },
  });
  const profile = await profiles.save({
    name: 'Implicit gateway',
    baseUrl: 'https://gateway.example.com/openapi',
    authUrl: 'https://auth.example.com/auth',
    appKey: 'app-key',
    redirectUri: 'http://127.0.0.1/refdesk/callback',
    flow: 'implicit',
  });
  await profiles.choose(profile.id);
  const session = new SessionService({ profiles, store, events, interactive: window, fetch: signInServiceAnswers, log: (message) => logged.push(message) });
  running.push(session);
  await expect(session.signIn()).resolves.toMatchObject({ outcome: 'signedIn' });
  return { session, seen, logged, profiles, store, events };
}

describe('silent renewal of an implicit session (Electron, 14.4)', () => {
  it('renews before expiry through the hidden auth window with prompt=none: no warning, the session goes on', async () => {
    let renewed = 0;
    const { window, silent } = fakeWindow((state) => `access_token=renewed-${++renewed}&token_type=Bearer&expires_in=${TTL_SECONDS}&state=${state}`);
    const { session, seen } = await signedInSession(window);
    expect(session.accessToken()).toBe('token-1');

    await vi.advanceTimersByTimeAsync(TTL_SECONDS * 1000 * 2);
    expect(silent.length).toBeGreaterThanOrEqual(2);
    expect(new URL(silent[0] ?? '').searchParams.get('prompt')).toBe('none');
    expect(new URL(silent[0] ?? '').searchParams.get('response_type')).toBe('token');
    expect(session.accessToken()).toMatch(/^renewed-/);
    expect(session.view()).toMatchObject({ signedIn: true });
    expect(seen).not.toContain('session:expiring');
  });

  it('falls back to the "Sign in again" warning on login_required, then the session ends at expiry', async () => {
    const { window, silent } = fakeWindow((state) => `error=login_required&error_description=No+login+session&state=${state}`);
    const { session, seen, logged } = await signedInSession(window);

    await vi.advanceTimersByTimeAsync(31_000);
    expect(silent).toHaveLength(1);
    expect(session.accessToken()).toBe('token-1');
    expect(logged).toEqual(['the session could not be renewed without the login page: the sign-in service needs its login page again']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toContain('session:expiring');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(session.view()).toMatchObject({ signedIn: false, signInNeeded: 'expired' });
  });

  it('renews at once after the service refused the token (401), so the refused call is retried without a prompt', async () => {
    const { window, silent } = fakeWindow((state) => `access_token=after-401&token_type=Bearer&expires_in=${TTL_SECONDS}&state=${state}`);
    const { session, seen } = await signedInSession(window);
    await expect(session.reauthenticate('token-1')).resolves.toBe(true);
    expect(silent).toHaveLength(1);
    expect(session.accessToken()).toBe('after-401');
    expect(seen).not.toContain('session:expiring');
  });

  it('schedules renewal for a session restored before the Electron shell was ready', async () => {
    let renewed = 0;
    const { window, silent } = fakeWindow((state) => `access_token=renewed-${++renewed}&token_type=Bearer&expires_in=${TTL_SECONDS}&state=${state}`);
    const { session, profiles, store, events } = await signedInSession(window);
    // RefDesk restarts: the stored session is restored at start-up, the auth window comes later.
    session.close();
    const restarted = new SessionService({ profiles, store, events, log: () => undefined });
    running.push(restarted);
    await restarted.restore();
    expect(restarted.accessToken()).toBe('token-1');
    restarted.useInteractiveSignIn(window);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(silent).toHaveLength(1);
    expect(restarted.accessToken()).toBe('renewed-1');
  });

  it('ignores a silent answer of another sign-in (state mismatch) and keeps the warning', async () => {
    const { window } = fakeWindow(() => `access_token=forged&token_type=Bearer&expires_in=${TTL_SECONDS}&state=other`);
    const { session, seen } = await signedInSession(window);
    await vi.advanceTimersByTimeAsync(41_000);
    expect(session.accessToken()).toBe('token-1');
    expect(seen).toContain('session:expiring');
  });
});
