/**
 * A small-scale simulator for tests, with a GET helper that calls its API as a given user.
 * Every test that talks to the simulator over HTTP goes through here, so how requests are
 * authenticated lives in one place: `get` sends a bearer token of user `as` (a documented
 * login: demo, trader2, admin), minted by the simulator's own authorization server in-process
 * as a sign-in of the demo app, and cached per user until shortly before it expires.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatorFingerprint } from './generatorFingerprint';
import { DEMO_APP, DOCUMENTED_USERS } from '../../main/simulator/data/accounts/demo';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../main/simulator/server';

/** Shared by test files: generation happens once per generator version, day and seed, in the first worker that needs it. */
export const TEST_CACHE_DIR = path.join(tmpdir(), 'refdesk-test-universe-cache', generatorFingerprint());
/** Shared by test files: the demo app's certificate is generated once. */
export const TEST_DATA_DIR = path.join(tmpdir(), 'refdesk-test-simulator-data');

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: T;
  text: string;
}

export interface TestSimulator {
  simulator: RunningSimulator;
  baseUrl: string;
  /**
   * GET `path` (relative to the API base, e.g. `ref/v1/countries?x=1`, or an absolute URL such as
   * a feed's `__next`) as user `as` (default: the demo user). An `authorization` entry in
   * `headers` replaces the helper's bearer token.
   */
  get<T = unknown>(
    path: string,
    options?: { as?: string; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  /** A valid access token of user `as` (default `demo`), for clients under test. */
  accessToken(as?: string): Promise<string>;
  close(): Promise<void>;
}

/** Re-mint a cached token this long before it expires. */
const EXPIRY_MARGIN_MS = 5_000;

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const simulator = await startSimulator({
    port: 0,
    scale: 'small',
    cacheDir: TEST_CACHE_DIR,
    dataDir: TEST_DATA_DIR,
    ...options,
  });
  const baseUrl = simulator.info.baseUrl;
  const auth = simulator.context.auth;
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function accessToken(as = 'demo'): Promise<string> {
    const now = auth.now().getTime();
    const cached = tokens.get(as);
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now) return cached.token;
    const documented = DOCUMENTED_USERS.find((user) => user.login === as);
    if (!documented)
      throw new Error(
        `No documented user "${as}"; use one of ${DOCUMENTED_USERS.map((user) => user.login).join(', ')}`,
      );
    const user = auth.usersAndApps.findUserById(documented.userId);
    const app = auth.usersAndApps.findApp(DEMO_APP.appKey);
    if (!user || !app) throw new Error('The universe lacks the demo app or the documented users');
    const { response } = await auth.startSession(user, app, { confidential: false, withRefreshToken: false });
    tokens.set(as, { token: response.access_token, expiresAt: now + response.expires_in * 1000 });
    return response.access_token;
  }

  return {
    simulator,
    baseUrl,
    accessToken,
    async get<T>(relative: string, requestOptions: { as?: string; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken(requestOptions.as)}`,
      };
      for (const [name, value] of Object.entries(requestOptions.headers ?? {}))
        headers[name.toLowerCase()] = value;
      const url = /^https?:\/\//i.test(relative) ? relative : `${baseUrl}/${relative.replace(/^\//, '')}`;
      const response = await fetch(url, { headers });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: (text ? JSON.parse(text) : undefined) as T,
      };
    },
    close: () => simulator.close(),
  };
}
