/**
 * "Copy my local review state to the team", against the real service: Clara's flags, notes,
 * reviewed marks and read marks kept on her computer go to the team as ordinary versioned
 * actions; what the team already has is left alone, her notes join the team's thread beside
 * the team's own (nothing overwritten), a reviewed mark states the version she reviewed (the
 * service checks it against the platform), and copying again copies nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import type { CopyToTeamReport, ReviewStoreView } from '../../contract/review';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import { postgresMissingReason } from '../support/postgres';
import {
  openSignedInDesk,
  startTeamReview,
  type TeamDesk,
  type TeamReviewSetup,
} from '../support/reviewServiceDesks';

const missing = postgresMissingReason();

function result<T>(response: { ok: boolean; result?: unknown; error?: unknown }): T {
  if (!response.ok) throw new Error(`refused: ${JSON.stringify(response.error)}`);
  return response.result as T;
}

describe.skipIf(missing)(
  `copying local review state to the team${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let setup: TeamReviewSetup;
    let clara: TeamDesk;
    let jonas: TeamDesk;
    let events: CorporateActionEvent[];

    beforeAll(async () => {
      setup = await startTeamReview(1);
      [clara, jonas] = await Promise.all([
        openSignedInDesk(setup, 'demo'),
        openSignedInDesk(setup, 'trader2'),
      ]);
      events = result<Feed<CorporateActionEvent>>(
        await clara.call('corporateActions:events', { $top: 5, IncludeSubAccounts: true }),
      ).Data;
      expect(events).toHaveLength(5);
    }, 180_000);

    afterAll(async () => {
      await clara?.close();
      await jonas?.close();
      await setup?.close();
    });

    it('copies flags, notes, reviewed and read marks once, leaves what the team has, and adds a note beside the team’s', async () => {
      const [flagged, noted, reviewed, read, disputed] = events.map((event) => event.EventId) as [
        string,
        string,
        string,
        string,
        string,
      ];
      // On Clara's computer (the default store).
      result(
        await clara.call('corporateActions:setFlagged', { eventId: flagged, flagged: true, version: 0 }),
      );
      result(
        await clara.call('corporateActions:addNote', { eventId: noted, note: 'Agent confirmed the ratio.' }),
      );
      const updated = events[2]!.UpdatedDateTime!;
      result(
        await clara.call('corporateActions:setReviewed', {
          events: [{ eventId: reviewed, version: 0, updatedDateTime: updated }],
          reviewed: true,
        }),
      );
      result(await clara.call('corporateActions:setRead', { eventId: read, read: true }));
      result(await clara.call('corporateActions:addNote', { eventId: disputed, note: 'My own reading.' }));
      // The team already has a flag on one and another note on another.
      result(await jonas.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
      await jonas.waitForPush(
        'corporateActions:reviewStore',
        (view) => view.kind === 'team' && view.state === 'available',
        { timeoutMs: 15_000 },
      );
      result(
        await jonas.call('corporateActions:setFlagged', { eventId: flagged, flagged: true, version: 0 }),
      );
      result(await jonas.call('corporateActions:addNote', { eventId: disputed, note: 'Team reading.' }));

      result(await clara.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
      await clara.waitForPush(
        'corporateActions:reviewStore',
        (view: ReviewStoreView) => view.kind === 'team' && view.state === 'available',
        { timeoutMs: 15_000 },
      );
      const report = result<CopyToTeamReport>(await clara.call('corporateActions:copyToTeam'));
      expect(report).toMatchObject({
        team: 'Corporate actions, Copenhagen',
        events: 5,
        eventsCopied: 4,
        flags: 0,
        notes: 2,
        reviewedMarks: 1,
        readMarks: 1,
        // The flag the team had, and the read mark the review carried with it.
        alreadyOnTeam: 2,
        conflicts: [],
      });

      // Jonas sees what was copied, in Clara's name, at the version she reviewed.
      const team = result<EventReviewState[]>(
        await jonas.call('corporateActions:reviewStates', { eventIds: [noted, reviewed, disputed, read] }),
      );
      const byId = new Map(team.map((state) => [state.eventId, state]));
      const thread = (eventId: string) => byId.get(eventId)?.notes.map((note) => [note.by.name, note.text]);
      expect(thread(noted)).toEqual([['Clara Lindqvist', 'Agent confirmed the ratio.']]);
      expect(byId.get(reviewed)).toMatchObject({ reviewedBy: { name: 'Clara Lindqvist' } });
      expect(Date.parse(byId.get(reviewed)!.reviewedVersion!)).toBe(Date.parse(updated));
      expect(thread(disputed)).toEqual([
        ['Jonas Berger', 'Team reading.'],
        ['Clara Lindqvist', 'My own reading.'],
      ]);
      // Read marks stay Clara's own.
      expect(byId.has(read)).toBe(false);
      expect(await clara.call('corporateActions:reviewStates', { eventIds: [read] })).toMatchObject({
        ok: true,
        result: [{ read: true }],
      });

      const again = result<CopyToTeamReport>(await clara.call('corporateActions:copyToTeam'));
      expect(again).toMatchObject({
        eventsCopied: 0,
        flags: 0,
        notes: 0,
        reviewedMarks: 0,
        readMarks: 0,
        alreadyOnTeam: 6,
        conflicts: [],
      });
    }, 60_000);
  },
);
