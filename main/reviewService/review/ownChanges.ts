/**
 * The committed changes a replica's writer hands its change feed (live/changeFeed.ts ownWrite),
 * exactly as the feed would read them from review_change (queries.ts changesAfter), so it need
 * not read them: the other replicas' changes that review_begin answered under the team's lock,
 * and the group's own, built from its payload. The feed puts their threads back (threadCache.ts).
 */
import type { BegunChange } from './groupPlan';
import type { FeedChange, FeedReview } from './threadCache';

/** The changes review_begin answered (committed before the team's lock was taken). */
export function begunChanges(changes: BegunChange[]): FeedChange[] {
  return changes.map((change) => ({
    actorKey: change.actorKey,
    message: {
      Sequence: Number(change.sequence),
      At: new Date(change.at).toISOString(),
      By: { UserKey: change.actorKey, Name: change.actorName },
      Reviews: change.reviews,
      ...(change.reads.length > 0 ? { Read: change.reads } : {}),
    },
  }));
}

/** What the change feed needs of a planned change (groupPlan.ts's payload). */
export interface PlannedChange {
  sequence: number | null;
  userKey: string;
  userName: string;
  reviews: FeedReview[];
  readMarks: NonNullable<FeedChange['message']['Read']>;
}

/** The committed group's changes as the change feed reads them (queries.ts changesAfter). */
export function committedChanges(at: string, changes: PlannedChange[]): FeedChange[] {
  return changes.flatMap((change) =>
    change.sequence === null
      ? []
      : [
          {
            actorKey: change.userKey,
            message: {
              Sequence: change.sequence,
              At: at,
              By: { UserKey: change.userKey, Name: change.userName },
              Reviews: change.reviews,
              ...(change.readMarks.length > 0 ? { Read: change.readMarks } : {}),
            },
          },
        ],
  );
}
