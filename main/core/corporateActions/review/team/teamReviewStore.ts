/**
 * Review state kept by the team review service: the same interface as this computer's store,
 * over HTTP with the signed-in user's platform token. Read marks are the caller's own; flag,
 * notes, assignee, review, approval and the audit log are the team's, and every change of the
 * shared state carries the version it saw (a stale one comes back as a conflict naming who
 * changed what); notes are added to a thread and need none. Every change goes out under an
 * idempotency key with a deadline (teamServiceClient.ts). Input arrives typed: the IPC
 * dispatcher parsed it with the channel's schema (reviewBackend.ts).
 */
import type {
  AddNoteArg,
  AuditArg,
  ReviewAuditEntry,
  ReviewedEvent,
  Reviewer,
  ReviewStatesArg,
  SetFlaggedArg,
  SetReadArg,
  SetReviewedArg,
} from '../../../../../contract/corporateActions';
import type {
  ApproveArg,
  AssignArg,
  AuditVerificationView,
  EventReviewState,
} from '../../../../../contract/review';
import {
  MAX_EVENT_IDS_PER_READ,
  type AuditFeed,
  type AuditVerification,
  type EventFacts,
  type ReadMarksFeed,
  type ReviewAction,
  type ReviewedEventSnapshot,
  type ReviewsFeed,
  type TeamDescription,
  type TeamEventReview,
} from '../../../../../contract/wire/review';
import type { ReviewBackend } from '../reviewBackend';
import type { TeamServiceClient } from './teamServiceClient';
import {
  auditEntryFromWire,
  readMarkEntryFromWire,
  stateFromWire,
  untouched,
  verificationFromWire,
} from './teamWire';

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

  /**
   * Marks events reviewed or not, all or none. The service reads each event from the platform
   * and decides four eyes on that; what this desk read is stated too, so an event that changed
   * since (or is not what the desk showed) is refused rather than signed off unseen.
   */
  setReviewed(reviewer: Reviewer, { events, reviewed }: SetReviewedArg): Promise<EventReviewState[]> {
    return this.act(
      reviewer,
      events.map((event): ReviewAction =>
        reviewed
          ? { Action: 'MarkReviewed', EventId: event.eventId, Version: event.version, ...statementOf(event) }
          : { Action: 'Unreview', EventId: event.eventId, Version: event.version },
      ),
    );
  }

  /** Adds a note to the event's thread. */
  addNote(reviewer: Reviewer, { eventId, note }: AddNoteArg): Promise<EventReviewState> {
    return this.actOne(reviewer, { Action: 'AddNote', EventId: eventId, Note: note });
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

  /** The team's audit log, newest first (one event's, or all); or the reviewer's own read marks (personal). */
  async audit(who: Reviewer, options: AuditArg = {}): Promise<ReviewAuditEntry[]> {
    const query = new URLSearchParams({ $top: String(options.limit ?? 500) });
    if (options.eventId) query.set('EventId', options.eventId);
    if (options.readMarks) {
      const reads = await this.client.call<ReadMarksFeed>({
        method: 'GET',
        path: `/v1/reads?${query.toString()}`,
      });
      return reads.Data.map((mark, index) => readMarkEntryFromWire(mark, index, who));
    }
    const feed = await this.client.call<AuditFeed>({ method: 'GET', path: `/v1/audit?${query.toString()}` });
    return feed.Data.map((entry) => auditEntryFromWire(entry, who.profileId));
  }

  /** How far the team's audit log verifies (the service checks its chain). */
  async auditVerification(): Promise<AuditVerificationView> {
    return verificationFromWire(
      await this.client.call<AuditVerification>({ method: 'GET', path: '/v1/audit/verification' }),
    );
  }

  /** The event as the platform had it when it was last reviewed (kept by the service), or undefined. */
  async reviewedEvent(eventId: string): Promise<ReviewedEventSnapshot | undefined> {
    try {
      return await this.client.call<ReviewedEventSnapshot>({
        method: 'GET',
        path: `/v1/reviews/${encodeURIComponent(eventId)}/reviewed-event`,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'NotReviewed') return undefined;
      throw error;
    }
  }

  /** Sends actions (one per event) applied together or not at all; answers the states after them. */
  async act(_reviewer: Reviewer, actions: ReviewAction[]): Promise<EventReviewState[]> {
    return (await this.send(actions)).map(stateFromWire);
  }

  /** Sends actions as `act` does; answers the states as the service wrote them. */
  async send(actions: ReviewAction[]): Promise<TeamEventReview[]> {
    return (await this.client.act(actions)).Data;
  }

  private async actOne(reviewer: Reviewer, action: ReviewAction): Promise<EventReviewState> {
    const [state] = await this.act(reviewer, [action]);
    if (!state) throw new Error(`The team review service answered no state for event ${action.EventId}.`);
    return state;
  }
}

/** What the desk read of the event on the platform: stated with MarkReviewed, checked (never trusted) by the service. */
function statementOf(event: ReviewedEvent): { Event?: EventFacts } {
  if (!event.eventType) return {};
  return {
    Event: {
      EventType: event.eventType,
      ...(event.corporateActionType ? { CorporateActionType: event.corporateActionType } : {}),
      ...(event.electable ? { Electable: event.electable } : {}),
      ...(event.updatedDateTime ? { UpdatedDateTime: event.updatedDateTime } : {}),
    },
  };
}
