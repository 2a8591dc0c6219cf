/**
 * Push events main sends to the renderer, with their payload schemas: main's event bus checks
 * every payload against them before it leaves, and the types below are derived from them.
 */
import { z } from 'zod';
import { simulatorProgressSchema } from './settings';
import { priceStreamStatusSchema, quotesPushSchema } from './prices';
import { reviewsChangedSchema, reviewStoreViewSchema } from './review';

const sessionUser = z.object({ name: z.string(), userId: z.string() }).strict();

export const pushEventSchemas = {
  /** The session changed: signed in or out, profile switched, token renewed. */
  'session:changed': z
    .object({
      signedIn: z.boolean(),
      user: sessionUser.optional(),
      expiresAt: z.string().optional(),
      profileId: z.string(),
    })
    .strict(),
  /** The access token expires soon; `expiresAt` is an ISO date-time. */
  'session:expiring': z.object({ expiresAt: z.string(), secondsLeft: z.number() }).strict(),
  /** The connection to the service (embedded simulator or remote) changed state. */
  'connection:status': z
    .object({ state: z.enum(['online', 'offline', 'degraded']), detail: z.string().optional() })
    .strict(),
  /** The embedded simulator generates its universe, or rolls it to its day: how far it has got. */
  'settings:simulatorProgress': simulatorProgressSchema,
  /** Review states changed on another desk of the team (live), or the states on screen must be read again. */
  'corporateActions:reviewsChanged': reviewsChangedSchema,
  /** Where review state is kept and whether it can be used now (e.g. "Team review unavailable"). */
  'corporateActions:reviewStore': reviewStoreViewSchema,
  /** Quotes of watched instruments that changed (coalesced per instrument, a few pushes a second). */
  'prices:quotes': quotesPushSchema,
  /** The price stream's state: live, reconnecting, or unavailable with the reason. */
  'prices:status': priceStreamStatusSchema,
} as const;

export type PushEvents = { [E in keyof typeof pushEventSchemas]: z.output<(typeof pushEventSchemas)[E]> };
export type PushEventName = keyof PushEvents;
