/**
 * A replica's own committed changes as its change feed delivers them (live/changeFeed.ts
 * ownWrite): built from the group's payload, exactly as the feed would read them back from
 * review_change (queries.ts changesAfter), so the replica need not read them back.
 */
import type { StoredChange } from './queries';

/** What the change feed needs of a planned change (groupPlan.ts's payload). */
export interface PlannedChange {
  sequence: number | null;
  userKey: string;
  userName: string;
  reviews: StoredChange['message']['Reviews'];
  readMarks: NonNullable<StoredChange['message']['Read']>;
}

/** The committed group's changes as the change feed reads them (queries.ts changesAfter). */
export function committedChanges(at: string, changes: PlannedChange[]): StoredChange[] {
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
