/**
 * The service's client of the platform (`--platform-url`, its base URL ending in /openapi): the
 * caller's own bearer token on every request, so the platform answers what that user may see.
 * Reads a corporate action event's facts when an event is marked reviewed (four eyes is decided
 * on them, never on what a desk states). Every failure becomes a refusal in words: 404 when the
 * platform does not show the event, 401 when it refuses the token, 503 when it cannot be asked.
 */
import { Agent } from 'undici';
import { ReviewServiceError } from '../errors';
import { platformEventOf, type PlatformEvent } from './eventFacts';

/** Longest wait for the platform's answer (headers, and each silence in the body). */
const TIMEOUT_MS = 5000;
/** Events of one request read at the same time (a bulk review reads each). */
const PARALLEL_READS = 8;

export const PLATFORM_UNAVAILABLE = 'PlatformUnavailable';

export class PlatformClient {
  private readonly base: URL;
  private readonly agent = new Agent({ connect: { timeout: TIMEOUT_MS }, keepAliveTimeout: 10_000 });

  constructor(platformUrl: string) {
    this.base = new URL(platformUrl.replace(/\/+$/, ''));
  }

  /** The event as `token`'s user sees it on the platform. */
  async readEvent(token: string, eventId: string): Promise<PlatformEvent> {
    let status: number;
    let text: string;
    try {
      const response = await this.agent.request({
        origin: this.base.origin,
        path: `${this.base.pathname}/ca/v2/events/${encodeURIComponent(eventId)}?IncludeSubAccounts=true`,
        method: 'GET',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw unavailable(eventId, (error as Error).message);
    }
    if (status === 404) {
      throw new ReviewServiceError(
        404,
        'EventNotOnPlatform',
        `The platform does not show event ${eventId} to you, so the team cannot tell whether its review needs four eyes. Nothing was saved.`,
      );
    }
    if (status === 401) {
      throw new ReviewServiceError(
        401,
        'Unauthorized',
        `The platform did not accept your sign-in when the team review service read event ${eventId}: sign in again.`,
      );
    }
    if (status === 403) {
      throw new ReviewServiceError(
        403,
        'PlatformRefused',
        `The platform does not let you read event ${eventId}, so it cannot be marked reviewed.`,
      );
    }
    if (status !== 200) throw unavailable(eventId, `it answered ${status}`);
    try {
      return platformEventOf(JSON.parse(text));
    } catch {
      throw unavailable(eventId, 'its answer is not a corporate action event');
    }
  }

  /** Reads every named event (a few at a time); the first refusal refuses them all. */
  async readEvents(token: string, eventIds: readonly string[]): Promise<Map<string, PlatformEvent>> {
    const events = new Map<string, PlatformEvent>();
    const queue = [...new Set(eventIds)];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        events.set(next, await this.readEvent(token, next));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
    return events;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function unavailable(eventId: string, reason: string): ReviewServiceError {
  return new ReviewServiceError(
    503,
    PLATFORM_UNAVAILABLE,
    `Team review unavailable: the platform could not be asked for event ${eventId} (${reason}), and four eyes is decided on what it says. Nothing was saved; try again in a moment.`,
  );
}

/** The bearer token of a request's Authorization header (already checked by the caller check). */
export function bearerTokenOf(authorization: string | undefined): string {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new ReviewServiceError(401, 'Unauthorized', 'Sign in: send the platform access token.');
  return token;
}
