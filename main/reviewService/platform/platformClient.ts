/**
 * The review service's one way to the trading platform: `GET {platformUrl}/…` with the caller's
 * own bearer token (the service has no credentials of its own there), through one keep-alive
 * pool with short timeouts, so a slow platform answers "cannot say" quickly instead of holding
 * requests. The platform URL is the API's base, ending in /openapi (`--platform-url`).
 */
import { Agent } from 'undici';

/** What the platform answered: its status and JSON body, or why it could not be asked. */
export type PlatformAnswer =
  { reached: true; status: number; body: unknown } | { reached: false; reason: string };

export interface PlatformClient {
  /** The API's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** GET `path` (e.g. `/port/v1/users/me`) as the holder of `token`; never throws. */
  get(path: string, token: string): Promise<PlatformAnswer>;
  close(): Promise<void>;
}

/** Longest wait for the platform's answer (headers, then each silence of the body). */
const PLATFORM_TIMEOUT_MS = 3000;

/** A client of the platform at `platformUrl` (http or https, ending in the API's base path). */
export function createPlatformClient(platformUrl: string): PlatformClient {
  const base = new URL(platformUrl);
  const baseUrl = base.href.replace(/\/+$/, '');
  const basePath = base.pathname.replace(/\/+$/, '');
  const agent = new Agent({ connect: { timeout: PLATFORM_TIMEOUT_MS }, keepAliveTimeout: 30_000 });
  return {
    baseUrl,
    async get(path, token) {
      try {
        const response = await agent.request({
          origin: base.origin,
          path: `${basePath}${path}`,
          method: 'GET',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          headersTimeout: PLATFORM_TIMEOUT_MS,
          bodyTimeout: PLATFORM_TIMEOUT_MS,
        });
        const text = await response.body.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        return { reached: true, status: response.statusCode, body };
      } catch (error) {
        return { reached: false, reason: (error as Error).message };
      }
    },
    close: () => agent.close(),
  };
}
