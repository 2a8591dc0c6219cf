/**
 * An event as the service reads it from the platform: the facts that decide four eyes, and the
 * snapshot kept with a review (the event's terms, without what belongs to the reader's own
 * accounts, which other members must not see). A desk's statement of the facts is compared
 * with the platform's, never used.
 */
import { z } from 'zod';
import type { EventFactDisagreement, EventFacts, EventStatement } from '../../../contract/wire/review';
import { corporateActionTypes } from '../../../contract/wire/enums';

/** Fields of an event that are the reader's own position, not terms of the event. */
const READERS_OWN = ['Holdings', 'AffectedAccounts', 'EligibleHoldings', 'ElectionStatus'] as const;

/** Longest snapshot kept (JSON characters); a longer narrative is cut to fit. */
const MAX_SNAPSHOT_CHARS = 256 * 1024;

/** What the service needs of `GET /ca/v2/events/{EventId}`; the rest is kept as it came. */
const platformEventSchema = z
  .object({
    EventId: z.string(),
    EventType: z.object({ Code: z.string().regex(/^[A-Z0-9]{4}$/) }).loose(),
    CorporateActionType: z.enum(corporateActionTypes).optional(),
    Electable: z.enum(['Electable', 'NotElectable']).optional(),
    UpdatedDateTime: z.iso.datetime({ offset: true }).optional(),
  })
  .loose();

/** The platform's event, read with the caller's token. */
export interface PlatformEvent {
  facts: EventFacts;
  snapshot: Record<string, unknown>;
}

/** An UpdatedDateTime as one instant in the wire's form (the platform may write other fractional digits). */
function instant(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** The facts and snapshot of an event body; throws when the body is not an event. */
export function platformEventOf(body: unknown): PlatformEvent {
  const event = platformEventSchema.parse(body);
  const updated = instant(event.UpdatedDateTime);
  const facts: EventFacts = {
    EventType: event.EventType.Code,
    ...(event.CorporateActionType ? { CorporateActionType: event.CorporateActionType } : {}),
    ...(event.Electable ? { Electable: event.Electable } : {}),
    ...(updated ? { UpdatedDateTime: updated } : {}),
  };
  const snapshot: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of READERS_OWN) delete snapshot[field];
  if (JSON.stringify(snapshot).length > MAX_SNAPSHOT_CHARS && typeof snapshot.Narrative === 'string') {
    snapshot.Narrative = `${snapshot.Narrative.slice(0, 16_384)} … (cut: the narrative was too long to keep whole)`;
  }
  return { facts, snapshot };
}

/** Where what the desk stated of `eventId` differs from what the platform says (empty: they agree). */
export function disagreements(
  eventId: string,
  stated: EventStatement | undefined,
  platform: EventFacts,
): EventFactDisagreement[] {
  if (!stated) return [];
  const found: EventFactDisagreement[] = [];
  const compare = (field: keyof EventFacts, mine: string | undefined, theirs: string | undefined) => {
    if (mine === undefined || mine === theirs) return;
    found.push({
      EventId: eventId,
      Field: field,
      Stated: mine,
      ...(theirs !== undefined ? { Platform: theirs } : {}),
    });
  };
  compare('EventType', stated.EventType, platform.EventType);
  compare('CorporateActionType', stated.CorporateActionType, platform.CorporateActionType);
  compare('Electable', stated.Electable, platform.Electable);
  compare('UpdatedDateTime', instant(stated.UpdatedDateTime), platform.UpdatedDateTime);
  return found;
}

/** One sentence naming what disagrees, for the refusal's message. */
export function describeDisagreements(found: EventFactDisagreement[]): string {
  const first = found[0]!;
  const what =
    first.Field === 'UpdatedDateTime'
      ? `it was updated on the platform at ${first.Platform ?? 'an unknown time'}, after the version you read (${first.Stated})`
      : `your desk said ${first.Field} ${first.Stated}, the platform says ${first.Platform ?? 'nothing of it'}`;
  const more =
    found.length > 1 ? ` (and ${found.length - 1} more difference${found.length > 2 ? 's' : ''})` : '';
  return `Event ${first.EventId} is not what your desk says: ${what}${more}. Nothing was saved: reload the event and review it again.`;
}
