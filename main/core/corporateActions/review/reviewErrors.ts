/**
 * The ways a review action is refused, whichever store keeps review state: each carries the
 * words the user sees, and the IPC handlers turn it into the bridge's error shape. Nothing was
 * written when any of these is thrown.
 */
import type { ReviewConflictView } from '../../../../contract/review';
import type { EventFactDisagreement } from '../../../../contract/wire/review';

/** A change made on a stale version: somebody (another desk, another window) changed the event first. */
export class ReviewConflictError extends Error {
  constructor(
    message: string,
    readonly conflicts: ReviewConflictView[],
  ) {
    super(message);
    this.name = 'ReviewConflictError';
  }
}

/** The team review service (or its database) cannot be used now; `message` starts "Team review unavailable". */
export class TeamReviewUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TeamReviewUnavailableError';
  }
}

/**
 * An action the store refuses for who is asking or what the event's state is: four eyes (the
 * reviewer approving their own review), a role the member lacks, not a member of the team, an
 * action only a team can do. `code` is the service's ErrorCode where it answered one.
 */
export class ReviewRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    /** Per-field messages (the service's ModelState). */
    readonly fields?: Record<string, string[]>,
    /** What the desk stated otherwise than the platform has it (the service's EventFactsDisagree). */
    readonly disagreements?: EventFactDisagreement[],
  ) {
    super(message);
    this.name = 'ReviewRefusedError';
  }
}

/** Names the change of a conflict in words: "note changed by Jonas Berger at 2026-03-02T09:00:00Z". */
export function describeConflicts(conflicts: ReviewConflictView[]): string {
  const first = conflicts[0];
  if (!first) return 'The review state changed since you loaded it. Nothing was saved; reload and try again.';
  const last = first.changesSince.at(-1);
  const who = last ? `${last.by.name} (${last.action}, ${last.at})` : 'another window';
  const more =
    conflicts.length > 1 ? ` and ${conflicts.length - 1} more event${conflicts.length > 2 ? 's' : ''}` : '';
  return `Event ${first.eventId}${more} changed since you loaded it: last changed by ${who}. Nothing was saved; reload and try again.`;
}
