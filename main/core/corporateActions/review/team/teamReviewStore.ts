/**
 * Review state kept by the team review service: the same interface as this computer's store,
 * over HTTP with the signed-in user's platform token. Read marks are the caller's own; flag,
 * note, assignee, review, approval and the audit log are the team's, and every shared change
 * carries the version it saw (a stale one comes back as a conflict naming who changed what).
 * Input arrives typed: the IPC dispatcher parsed it with the channel's schema (reviewBackend.ts).
 */
import type {
  AuditArg,
  ReviewAuditEntry,
  ReviewedEvent,
  Reviewer,
  ReviewStatesArg,
  SetFlaggedArg,
  SetNoteArg,
  SetReadArg,
  SetReviewedArg,
} from '../../../../../contract/corporateActions';
import type { ApproveArg, AssignArg, EventReviewState } from '../../../../../contract/review';
import {
  MAX_EVENT_IDS_PER_READ,
  type AuditFeed,
  type ReviewAction,
  type ReviewActionsResult,
  type ReviewsFeed,
  type TeamDescription,
  type TeamEventReview,
} from '../../../../../contract/wire/review';
import type { ReviewBackend } from '../reviewBackend';
import { ReviewRefusedError } from '../reviewErrors';
import type { TeamServiceClient } from './teamServiceClient';
import { auditEntryFromWire, stateFromWire, untouched } from './teamWire';

export class TeamReviewStore implements ReviewBackend {
  constructor(readonly client: TeamServiceClient) {}

  /** The team, its rules and who the caller is (`GET /v1/team`). */
  team(signal?: AbortSignal): Promise<TeamDescription> {
    return this.client.call<TeamDescription>({
      method: 'GET',
      path: '/v1/team',
      ...(signal ? { signal } : {}),
    });
  }

  /** The states of the given events (read 200 at a time); events nobody touched and the caller has not read are absent. */
  async states(_reviewer: Reviewer, { eventIds }: ReviewStatesArg): Promise<EventReviewState[]> {
    return (await this.allStatesOf(eventIds)).filter((review) => !untouched(review)).map(stateFromWire);
  }

  /** Every named event's team state, untouched ones included (Version 0). */
  async allStatesOf(eventIds: string[]): Promise<TeamEventReview[]> {
    const unique = [...new Set(eventIds)];
    const chunks: string[][] = [];
    for (let start = 0; start < unique.length; start += MAX_EVENT_IDS_PER_READ)
      chunks.push(unique.slice(start, start + MAX_EVENT_IDS_PER_READ));
    const feeds = await Promise.all(
      chunks.map((chunk) =>
        this.client.call<ReviewsFeed>({
          method: 'GET',
          path: `/v1/reviews?EventIds=${chunk.map(encodeURIComponent).join(',')}`,
        }),
      ),
    );
    return feeds.flatMap((feed) => feed.Data);
  }

  setRead(reviewer: Reviewer, { eventId, read }: SetReadArg): Promise<EventReviewState> {
    return this.actOne(reviewer, { Action: 'SetRead', EventId: eventId, Read: read });
  }

  setFlagged(reviewer: Reviewer, { eventId, flagged, version }: SetFlaggedArg): Promise<EventReviewState> {
    return this.actOne(reviewer, {
      Action: 'SetFlagged',
      EventId: eventId,
      Version: version,
      Flagged: flagged,
    });
  }

  /** Marks events reviewed (the team decides from what the desk read of each whether four eyes apply) or not, all or none. */
  setReviewed(reviewer: Reviewer, { events, reviewed }: SetReviewedArg): Promise<EventReviewState[]> {
    return this.act(
      reviewer,
      events.map((event): ReviewAction =>
        reviewed
          ? { Action: 'MarkReviewed', EventId: event.eventId, Version: event.version, Event: factsOf(event) }
          : { Action: 'Unreview', EventId: event.eventId, Version: event.version },
      ),
    );
  }

  setNote(reviewer: Reviewer, { eventId, note, version }: SetNoteArg): Promise<EventReviewState> {
    return this.actOne(reviewer, { Action: 'SetNote', EventId: eventId, Version: version, Note: note });
  }

  assign(reviewer: Reviewer, { eventId, version, assignee }: AssignArg): Promise<EventReviewState> {
    return this.actOne(reviewer, {
      Action: 'Assign',
      EventId: eventId,
      Version: version,
      ...(assignee ? { Assignee: assignee } : {}),
    });
  }

  approve(reviewer: Reviewer, { eventId, version, approved }: ApproveArg): Promise<EventReviewState> {
    return this.actOne(reviewer, {
      Action: approved ? 'Approve' : 'WithdrawApproval',
      EventId: eventId,
      Version: version,
    });
  }

  /** The team's audit log, newest first (one event's, or all). */
  async audit(who: Reviewer, options: AuditArg = {}): Promise<ReviewAuditEntry[]> {
    const query = new URLSearchParams({ $top: String(options.limit ?? 500) });
    if (options.eventId) query.set('EventId', options.eventId);
    const feed = await this.client.call<AuditFeed>({ method: 'GET', path: `/v1/audit?${query.toString()}` });
    return feed.Data.map((entry) => auditEntryFromWire(entry, who.profileId));
  }

  /** Sends actions (one per event) applied together or not at all; answers the states after them. */
  async act(_reviewer: Reviewer, actions: ReviewAction[]): Promise<EventReviewState[]> {
    return (await this.send(actions)).map(stateFromWire);
  }

  /** Sends actions as `act` does; answers the states as the service wrote them. */
  async send(actions: ReviewAction[]): Promise<TeamEventReview[]> {
    const result = await this.client.call<ReviewActionsResult>({
      method: 'POST',
      path: '/v1/reviews/actions',
      body: { Actions: actions },
    });
    return result.Data;
  }

  private async actOne(reviewer: Reviewer, action: ReviewAction): Promise<EventReviewState> {
    const [state] = await this.act(reviewer, [action]);
    if (!state) throw new Error(`The team review service answered no state for event ${action.EventId}.`);
    return state;
  }
}

/** What the desk read of the event on the platform, as the team's MarkReviewed needs it. */
function factsOf(event: ReviewedEvent) {
  if (!event.eventType) {
    throw new ReviewRefusedError(
      'EventTypeUnknown',
      `The platform did not say which type event ${event.eventId} is, so the team cannot tell whether its review needs four eyes. Reload the event and try again.`,
      400,
    );
  }
  return {
    EventType: event.eventType,
    ...(event.corporateActionType ? { CorporateActionType: event.corporateActionType } : {}),
    ...(event.electable ? { Electable: event.electable } : {}),
    ...(event.updatedDateTime ? { UpdatedDateTime: event.updatedDateTime } : {}),
  };
}
