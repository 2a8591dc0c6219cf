/**
 * What a reviewer saw of an event when marking it reviewed, as main needs it: the event's
 * UpdatedDateTime (a later one means "changed since reviewed") and its type, from which a team
 * decides whether the review needs a second analyst's approval (four eyes).
 */
import type { ReviewedEvent } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/types';

/** What the reviewer saw of an event when marking it reviewed (the store adds the version of its state). */
export type SeenEvent = Omit<ReviewedEvent, 'version'>;

/** The event `eventId` as seen (`event` is what the inbox shows of it, when loaded). */
export function seenEvent(eventId: string, event: CorporateActionEvent | undefined): SeenEvent {
  const eventType = event?.EventType?.Code;
  const kind = (['Mandatory', 'Voluntary'] as const).find((known) => known === event?.CorporateActionType);
  const electable = (['Electable', 'NotElectable'] as const).find((known) => known === event?.Electable);
  return {
    eventId,
    ...(event?.UpdatedDateTime ? { updatedDateTime: event.UpdatedDateTime } : {}),
    ...(eventType && /^[A-Z0-9]{4}$/.test(eventType) ? { eventType } : {}),
    ...(kind ? { corporateActionType: kind } : {}),
    ...(electable ? { electable } : {}),
  };
}
