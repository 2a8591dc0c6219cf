/**
 * Reads corporate action events from the platform (`GET {platformUrl}/ca/v2/events/{id}`) with
 * the caller's own token, through the service's one platform client, when an event is marked
 * reviewed: four eyes is decided on what the platform says, never on what a desk states. Every
 * failure becomes a refusal in words: 404 when the platform does not show the event, 401 when it
 * refuses the token, 503 when it cannot be asked.
 */
import { ReviewServiceError } from '../errors';
import { platformEventOf, type PlatformEvent } from './eventFacts';
import type { PlatformClient } from './platformClient';

/** Events of one request read at the same time (a bulk review reads each). */
const PARALLEL_READS = 8;

const PLATFORM_UNAVAILABLE = 'PlatformUnavailable';

/** The event as `token`'s user sees it on the platform. */
export async function readPlatformEvent(
  platform: PlatformClient,
  token: string,
  eventId: string,
): Promise<PlatformEvent> {
  const answer = await platform.get(
    `/ca/v2/events/${encodeURIComponent(eventId)}?IncludeSubAccounts=true`,
    token,
  );
  if (!answer.reached) throw unavailable(eventId, answer.reason);
  if (answer.status === 404) {
    throw new ReviewServiceError(
      404,
      'EventNotOnPlatform',
      `The platform does not show event ${eventId} to you, so the team cannot tell whether its review needs four eyes. Nothing was saved.`,
    );
  }
  if (answer.status === 401) {
    throw new ReviewServiceError(
      401,
      'Unauthorized',
      `The platform did not accept your sign-in when the team review service read event ${eventId}: sign in again.`,
    );
  }
  if (answer.status === 403) {
    throw new ReviewServiceError(
      403,
      'PlatformRefused',
      `The platform does not let you read event ${eventId}, so it cannot be marked reviewed.`,
    );
  }
  if (answer.status !== 200) throw unavailable(eventId, `it answered ${answer.status}`);
  try {
    return platformEventOf(answer.body);
  } catch {
    throw unavailable(eventId, 'its answer is not a corporate action event');
  }
}

/** Reads every named event (a few at a time); the first refusal refuses them all. */
export async function readPlatformEvents(
  platform: PlatformClient,
  token: string,
  eventIds: readonly string[],
): Promise<Map<string, PlatformEvent>> {
  const events = new Map<string, PlatformEvent>();
  const queue = [...new Set(eventIds)];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      events.set(next, await readPlatformEvent(platform, token, next));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
  return events;
}

function unavailable(eventId: string, reason: string): ReviewServiceError {
  return new ReviewServiceError(
    503,
    PLATFORM_UNAVAILABLE,
    `Team review unavailable: the platform could not be asked for event ${eventId} (${reason}), and four eyes is decided on what it says. Nothing was saved; try again in a moment.`,
  );
}
