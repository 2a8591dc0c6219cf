/**
 * A small-scale simulator for tests, with a GET helper that calls its API as a given user.
 * Every test that talks to the simulator over HTTP goes through here, so how requests are
 * authenticated lives in one place.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../main/simulator/server';

/** Shared by test files: generation happens once per day and seed, in the first worker that needs it. */
export const TEST_CACHE_DIR = path.join(tmpdir(), 'refdesk-test-universe-cache');

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
  /** GET `path` (relative to the API base, e.g. `ref/v1/countries?x=1`) as user `as` (default: the demo user). */
  get<T = unknown>(path: string, options?: { as?: string; headers?: Record<string, string> }): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const simulator = await startSimulator({ port: 0, scale: 'small', cacheDir: TEST_CACHE_DIR, ...options });
  const baseUrl = simulator.info.baseUrl;
  return {
    simulator,
    baseUrl,
    async get<T>(relative: string, requestOptions: { as?: string; headers?: Record<string, string> } = {}) {
      const response = await fetch(`${baseUrl}/${relative.replace(/^\//, '')}`, { headers: requestOptions.headers ?? {} });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, body: (text ? JSON.parse(text) : undefined) as T };
    },
    close: () => simulator.close(),
  };
}
