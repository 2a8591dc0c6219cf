/**
 * The desktop's team review client against the real service: two desks (the core services a
 * shell runs, driven through the dispatcher as the renderer drives them) signed in to the
 * simulator as Clara (demo) and Jonas (trader2), on two replicas (real processes) over one real
 * PostgreSQL. Live changes across replicas within a second, four eyes with both names, a stale
 * change refused as a conflict naming who changed what, personal read marks, the database
 * stopped and started mid-session, a non-member, and a replica killed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChangesSinceReviewed,
  EventReviewState,
  ReviewAuditEntry,
} from '../../contract/corporateActions';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import type { ReviewStoreView } from '../../contract/review';
import { postgresMissingReason } from '../support/postgres';
import {
  openSignedInDesk,
  startTeamReview,
  type TeamDesk,
  type TeamReviewSetup,
} from '../support/reviewServiceDesks';

const missing = postgresMissingReason();
/** What a desk says it read of an event with an election: a team reviews it with four eyes. */
const electable = { eventType: 'DVOP', corporateActionType: 'Mandatory', electable: 'Electable' } as const;

function result<T>(response: { ok: boolean; result?: unknown; error?: unknown }): T {
  if (!response.ok) throw new Error(`refused: ${JSON.stringify(response.error)}`);
  return response.result as T;
}

/** Matches the team store's view in `state`. */
const teamState = (state: Extract<ReviewStoreView, { kind: 'team' }>['state']) => (view: ReviewStoreView) =>
  view.kind === 'team' && view.state === state;

describe.skipIf(missing)(`the desk's team review store${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let setup: TeamReviewSetup;
  let clara: TeamDesk;
  let jonas: TeamDesk;
  const desks: TeamDesk[] = [];

  /** The state of `eventId` on `desk`, read through the channel (untouched: version 0). */
  async function stateOn(desk: TeamDesk, eventId: string): Promise<EventReviewState | undefined> {
    return result<EventReviewState[]>(
      await desk.call('corporateActions:reviewStates', { eventIds: [eventId] }),
    )[0];
  }

  beforeAll(async () => {
    setup = await startTeamReview(2);
    const [one, two] = setup.urls as [string, string];
    clara = await openSignedInDesk(setup, 'demo');
    jonas = await openSignedInDesk(setup, 'trader2');
    desks.push(clara, jonas);
    // Each chooses the team service in Settings: Clara's desk reaches replica 1 first, Jonas's replica 2.
    result(await clara.call('settings:saveReviewStore', { store: 'team', teamUrls: [one, two] }));
    result(await jonas.call('settings:saveReviewStore', { store: 'team', teamUrls: [two, one] }));
    const described = (view: ReviewStoreView) => view.kind === 'team' && view.team !== undefined;
    await clara.waitForPush('corporateActions:reviewStore', described, { timeoutMs: 15_000 });
    await jonas.waitForPush('corporateActions:reviewStore', described, { timeoutMs: 15_000 });
  }, 180_000);

  afterAll(async () => {
    for (const desk of desks) await desk.close();
    await setup?.close();
  });

  it('switches to the team at once: the status names the team, the replica and who the user is in it', async () => {
    const status = result<{ store: ReviewStoreView }>(await clara.call('corporateActions:reviewStatus'));
    expect(status.store).toMatchObject({
      kind: 'team',
      state: 'available',
      replica: setup.urls[0],
      team: {
        name: 'Corporate actions, Copenhagen',
        me: { name: 'Clara Lindqvist', roles: ['Analyst', 'Approver'] },
      },
    });
    // Each push counts up, and a read names the count of the last push (the renderer keeps the newest of the two).
    const revisions = clara.pushed
      .filter((pushed) => pushed.event === 'corporateActions:reviewStore')
      .map((pushed) => (pushed.payload as ReviewStoreView).revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(status.store.revision).toBe(revisions.at(-1));
    // The renderer was told to read the states on screen again, from the team.
    await clara.waitForPush('corporateActions:reviewsChanged', (change) => change.reload === true);
    const settings = result<{ settings: { review: unknown } }>(await clara.call('settings:get'));
    expect(settings.settings.review).toEqual({ store: 'team', teamUrls: setup.urls });
  });

  it('shows Clara’s review on Jonas’s desk (other replica) within 1 s; Jonas approves and Clara sees both names within 1 s', async () => {
    const sent = performance.now();
    const [reviewed] = result<EventReviewState[]>(
      await clara.call('corporateActions:setReviewed', {
        events: [{ eventId: '8800001', version: 0, updatedDateTime: '2026-03-01T12:00:00Z', ...electable }],
        reviewed: true,
      }),
    );
    expect(reviewed).toMatchObject({
      progress: 'AwaitingApproval',
      fourEyes: true,
      read: true,
      reviewedBy: { name: 'Clara Lindqvist' },
    });

    const seen = await jonas.waitForPush('corporateActions:reviewsChanged', (change) =>
      change.states.some((state) => state.eventId === '8800001' && state.progress === 'AwaitingApproval'),
    );
    expect(seen.at - sent).toBeLessThan(1000);
    expect(seen.payload.by).toMatchObject({ name: 'Clara Lindqvist' });
    // Clara's read mark is hers alone.
    expect(seen.payload.states[0]!.read).toBeUndefined();

    // Four eyes: Clara cannot approve her own review; nothing changes.
    const own = await clara.call('corporateActions:approve', {
      eventId: '8800001',
      version: reviewed!.version,
      approved: true,
    });
    expect(own).toMatchObject({
      ok: false,
      error: { code: 'FourEyesSameUser', message: expect.stringContaining('different analyst') },
    });

    const approvedAt = performance.now();
    const approved = result<EventReviewState>(
      await jonas.call('corporateActions:approve', {
        eventId: '8800001',
        version: seen.payload.states[0]!.version,
        approved: true,
      }),
    );
    expect(approved).toMatchObject({
      progress: 'Approved',
      reviewedBy: { name: 'Clara Lindqvist' },
      approvedBy: { name: 'Jonas Berger' },
    });
    const back = await clara.waitForPush('corporateActions:reviewsChanged', (change) =>
      change.states.some((state) => state.eventId === '8800001' && state.progress === 'Approved'),
    );
    expect(back.at - approvedAt).toBeLessThan(1000);
    expect(back.payload.states[0]).toMatchObject({
      reviewedBy: { name: 'Clara Lindqvist' },
      approvedBy: { name: 'Jonas Berger' },
    });
    // The team's audit log, on either desk, names both.
    const audit = result<ReviewAuditEntry[]>(
      await clara.call('corporateActions:audit', { eventId: '8800001' }),
    );
    expect(audit.map((entry) => [entry.action, entry.actor.name])).toEqual(
      expect.arrayContaining([
        ['approved', 'Jonas Berger'],
        ['reviewed', 'Clara Lindqvist'],
      ]),
    );
  });

  it('refuses a stale change as a conflict naming who changed what, and overwrites nothing', async () => {
    const seenByJonas = (await stateOn(jonas, '8800002'))?.version ?? 0;
    result(
      await clara.call('corporateActions:setNote', {
        eventId: '8800002',
        version: 0,
        note: 'Ratio confirmed with the agent.',
      }),
    );
    const stale = await jonas.call('corporateActions:setNote', {
      eventId: '8800002',
      version: seenByJonas,
      note: 'Waiting for the agent.',
    });
    expect(stale).toMatchObject({
      ok: false,
      error: {
        code: 'ReviewConflict',
        message: expect.stringMatching(/changed since you loaded it: last changed by Clara Lindqvist/),
        conflicts: [
          {
            eventId: '8800002',
            yourVersion: 0,
            current: { version: 1, note: 'Ratio confirmed with the agent.' },
            changesSince: [
              {
                by: { name: 'Clara Lindqvist' },
                action: 'note',
                before: '',
                after: 'Ratio confirmed with the agent.',
              },
            ],
          },
        ],
      },
    });
    expect(await stateOn(jonas, '8800002')).toMatchObject({
      note: 'Ratio confirmed with the agent.',
      version: 1,
    });
  });

  it('keeps read marks personal: Clara’s read mark is not Jonas’s', async () => {
    result(await clara.call('corporateActions:setRead', { eventId: '8800003', read: true }));
    expect(await stateOn(clara, '8800003')).toMatchObject({ read: true, version: 0 });
    expect(await stateOn(jonas, '8800003')).toBeUndefined();
  });

  it('shows on Jonas’s desk what changed since Clara reviewed an event on hers, field by field, when his computer read that version', async () => {
    const [now] = result<Feed<CorporateActionEvent>>(
      await jonas.call('corporateActions:events', { $top: 1 }),
    ).Data;
    const eventId = now!.EventId;
    const reviewedVersion = '2020-01-02T00:00:00Z';
    // Jonas's desk read the event earlier, when its type was named otherwise (kept as any read is).
    const jonasView = jonas.services.session.view();
    jonas.services.eventVersions.keep({ profileId: jonasView.profile.id, userId: jonasView.user!.userId }, [
      {
        ...now!,
        UpdatedDateTime: reviewedVersion,
        EventType: { ...now!.EventType!, Name: `older ${now!.EventType?.Name}` },
      },
    ]);
    // Clara reviewed that earlier version on her desk.
    const facts = {
      eventType: now!.EventType!.Code,
      corporateActionType: now!.CorporateActionType,
      electable: now!.Electable,
    };
    result(
      await clara.call('corporateActions:setReviewed', {
        events: [{ eventId, version: 0, updatedDateTime: reviewedVersion, ...facts }],
        reviewed: true,
      }),
    );
    const state = await stateOn(jonas, eventId);
    expect(state).toMatchObject({ reviewedVersion, reviewedBy: { name: 'Clara Lindqvist' } });
    const ask = { eventId, reviewedVersion: state!.reviewedVersion, currentVersion: now!.UpdatedDateTime };
    const onJonas = result<ChangesSinceReviewed>(
      await jonas.call('corporateActions:changesSinceReviewed', ask),
    );
    expect(onJonas.changes).toContainEqual({
      field: 'EventType › Name',
      before: `older ${now!.EventType?.Name}`,
      after: now!.EventType?.Name,
    });
    // Clara's own computer never read the version she reviewed: it says so rather than guess.
    expect(result(await clara.call('corporateActions:changesSinceReviewed', ask))).toEqual({
      missing: 'reviewed',
    });
  });

  it('says "Team review unavailable" while the database is down, refuses actions with it, and recovers by itself', async () => {
    const before = clara.pushed.length;
    setup.postgres.stop();
    let down;
    try {
      down = await clara.waitForPush('corporateActions:reviewStore', teamState('unavailable'), {
        since: before,
        timeoutMs: 10_000,
      });
      expect(down.payload).toMatchObject({ message: expect.stringMatching(/^Team review unavailable/) });
      const refused = await clara.call('corporateActions:setFlagged', {
        eventId: '8800004',
        flagged: true,
        version: 0,
      });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'TeamReviewUnavailable', message: expect.stringMatching(/^Team review unavailable/) },
      });
    } finally {
      setup.postgres.start();
    }
    await clara.waitForPush('corporateActions:reviewStore', teamState('available'), {
      since: clara.pushed.indexOf(down),
      timeoutMs: 15_000,
    });
    // Nothing was half-written: the refused flag is not there, and the next change goes through.
    expect(await stateOn(clara, '8800004')).toBeUndefined();
    result(
      await clara.call('corporateActions:setFlagged', { eventId: '8800004', flagged: true, version: 0 }),
    );
    await jonas.waitForPush('corporateActions:reviewsChanged', (change) =>
      change.states.some((state) => state.eventId === '8800004' && state.flagged),
    );
  }, 60_000);

  it('switches back to this computer and to the team again at once, without a restart', async () => {
    const before = clara.pushed.length;
    result(await clara.call('settings:saveReviewStore', { store: 'local', teamUrls: setup.urls }));
    expect(
      result<{ store: ReviewStoreView }>(await clara.call('corporateActions:reviewStatus')).store,
    ).toEqual({
      kind: 'local',
      revision: expect.any(Number),
    });
    // This computer's store has none of the team's state.
    expect(await stateOn(clara, '8800001')).toBeUndefined();
    await clara.waitForPush('corporateActions:reviewsChanged', (change) => change.reload === true, {
      since: before,
    });
    result(await clara.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
    await clara.waitForPush('corporateActions:reviewStore', teamState('available'), {
      since: before,
      timeoutMs: 10_000,
    });
    expect(await stateOn(clara, '8800001')).toMatchObject({
      progress: 'Approved',
      approvedBy: { name: 'Jonas Berger' },
    });
  });

  it('tells a user outside the team why team review is unavailable', async () => {
    const amelia = await openSignedInDesk(setup, 'admin');
    desks.push(amelia);
    result(await amelia.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
    const refused = await amelia.waitForPush('corporateActions:reviewStore', teamState('unavailable'), {
      timeoutMs: 10_000,
    });
    expect(refused.payload).toMatchObject({ message: expect.stringMatching(/not a member of the team/) });
    const action = await amelia.call('corporateActions:setFlagged', {
      eventId: '8800005',
      flagged: true,
      version: 0,
    });
    expect(action).toMatchObject({ ok: false, error: { code: 'NotTeamMember' } });
  });

  it('moves Clara’s desk to the next replica when hers is killed, and misses nothing', async () => {
    const [one, two] = setup.urls as [string, string];
    const before = clara.pushed.length;
    setup.replicas[0]!.child.kill('SIGKILL');
    await clara.waitForPush(
      'corporateActions:reviewStore',
      (view) => teamState('available')(view) && view.kind === 'team' && view.replica === two,
      { since: before, timeoutMs: 10_000 },
    );
    // Jonas's change reaches Clara through replica 2; Clara's own action goes there too.
    result(
      await jonas.call('corporateActions:setFlagged', { eventId: '8800006', flagged: true, version: 0 }),
    );
    await clara.waitForPush('corporateActions:reviewsChanged', (change) =>
      change.states.some((state) => state.eventId === '8800006' && state.flagged),
    );
    const noted = result<EventReviewState>(
      await clara.call('corporateActions:setNote', { eventId: '8800006', version: 1, note: 'Seen.' }),
    );
    expect(noted).toMatchObject({ version: 2, note: 'Seen.', changedBy: { name: 'Clara Lindqvist' } });
    const status = result<{ store: ReviewStoreView }>(await clara.call('corporateActions:reviewStatus'));
    expect(status.store).toMatchObject({ state: 'available', replica: two });
    expect(one).not.toBe(two);
  }, 30_000);
});
