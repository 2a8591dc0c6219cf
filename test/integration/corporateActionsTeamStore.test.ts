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
import { ADMIN_USER } from '../../main/simulator/data/accounts/demo';
import { postgresMissingReason } from '../support/postgres';
import {
  openSignedInDesk,
  startTeamReview,
  type TeamDesk,
  type TeamReviewSetup,
  userKeyOf,
} from '../support/reviewServiceDesks';

const missing = postgresMissingReason();

/** What a desk read of an event and states when marking it reviewed (the service checks it against the platform). */
const readOf = (event: CorporateActionEvent) => ({
  eventId: event.EventId,
  ...(event.UpdatedDateTime ? { updatedDateTime: new Date(event.UpdatedDateTime).toISOString() } : {}),
  ...(event.EventType?.Code ? { eventType: event.EventType.Code } : {}),
  ...(event.CorporateActionType ? { corporateActionType: event.CorporateActionType } : {}),
  ...(event.Electable ? { electable: event.Electable } : {}),
});

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
  /** Voluntary events (a review needs four eyes) both Clara's and Jonas's inboxes list. */
  let shared: CorporateActionEvent[];

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
    const voluntary = async (desk: TeamDesk) =>
      result<Feed<CorporateActionEvent>>(
        await desk.call('corporateActions:events', { CorporateActionTypes: ['Voluntary'], $top: 500 }),
      ).Data;
    const jonasIds = new Set((await voluntary(jonas)).map((event) => event.EventId));
    shared = (await voluntary(clara)).filter((event) => jonasIds.has(event.EventId));
    expect(shared.length).toBeGreaterThanOrEqual(2);
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
    const eventId = shared[0]!.EventId;
    const sent = performance.now();
    const [reviewed] = result<EventReviewState[]>(
      await clara.call('corporateActions:setReviewed', {
        events: [{ ...readOf(shared[0]!), version: 0 }],
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
      change.states.some((state) => state.eventId === eventId && state.progress === 'AwaitingApproval'),
    );
    expect(seen.at - sent).toBeLessThan(1000);
    expect(seen.payload.by).toMatchObject({ name: 'Clara Lindqvist' });
    // Clara's read mark is hers alone.
    expect(seen.payload.states[0]!.read).toBeUndefined();

    // Four eyes: Clara cannot approve her own review; nothing changes.
    const own = await clara.call('corporateActions:approve', {
      eventId,
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
        eventId,
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
      change.states.some((state) => state.eventId === eventId && state.progress === 'Approved'),
    );
    expect(back.at - approvedAt).toBeLessThan(1000);
    expect(back.payload.states[0]).toMatchObject({
      reviewedBy: { name: 'Clara Lindqvist' },
      approvedBy: { name: 'Jonas Berger' },
    });
    // The team's audit log, on either desk, names both.
    const audit = result<ReviewAuditEntry[]>(await clara.call('corporateActions:audit', { eventId }));
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
      await clara.call('corporateActions:setFlagged', { eventId: '8800002', version: 0, flagged: true }),
    );
    const stale = await jonas.call('corporateActions:assign', {
      eventId: '8800002',
      version: seenByJonas,
      assignee: userKeyOf('trader2'),
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
            current: { version: 1, flagged: true },
            changesSince: [
              { by: { name: 'Clara Lindqvist' }, action: 'flagged', before: 'false', after: 'true' },
            ],
          },
        ],
      },
    });
    expect(await stateOn(jonas, '8800002')).toMatchObject({ flagged: true, version: 1 });
  });

  it('keeps both analysts’ notes as a thread, each with its author, newest last', async () => {
    result(
      await clara.call('corporateActions:addNote', {
        eventId: '8800007',
        note: 'Ratio confirmed with the agent.',
      }),
    );
    const thread = result<EventReviewState>(
      await jonas.call('corporateActions:addNote', {
        eventId: '8800007',
        note: 'Waiting for the agent’s letter.',
      }),
    );
    expect(thread.notes.map((note) => [note.by.name, note.text])).toEqual([
      ['Clara Lindqvist', 'Ratio confirmed with the agent.'],
      ['Jonas Berger', 'Waiting for the agent’s letter.'],
    ]);
    await clara.waitForPush('corporateActions:reviewsChanged', (change) =>
      change.states.some((state) => state.eventId === '8800007' && state.notes.length === 2),
    );
  });

  it('keeps read marks personal: Clara’s read mark is not Jonas’s', async () => {
    result(await clara.call('corporateActions:setRead', { eventId: '8800003', read: true }));
    expect(await stateOn(clara, '8800003')).toMatchObject({ read: true, version: 0 });
    expect(await stateOn(jonas, '8800003')).toBeUndefined();
  });

  it('refuses a review whose stated facts disagree with the platform: an electable tender stated as a mandatory cash dividend', async () => {
    const event = shared[1]!;
    const stated = await clara.call('corporateActions:setReviewed', {
      events: [
        {
          ...readOf(event),
          version: 0,
          eventType: 'DVCA',
          corporateActionType: 'Mandatory',
          electable: 'NotElectable',
        },
      ],
      reviewed: true,
    });
    expect(stated).toMatchObject({
      ok: false,
      error: {
        code: 'EventFactsDisagree',
        message: expect.stringContaining(`Event ${event.EventId} is not what your desk says`),
      },
    });
    expect(await stateOn(clara, event.EventId)).toBeUndefined();
  });

  it('shows on Jonas’s desk what changed on the platform since Clara reviewed an event, field by field, though his desk never read the reviewed version', async () => {
    const event = shared[1]!;
    result(
      await clara.call('corporateActions:setReviewed', {
        events: [{ ...readOf(event), version: 0 }],
        reviewed: true,
      }),
    );
    // The agent corrects the event after the review: a new UpdatedDateTime and another description.
    const updated = new Date(Date.parse(event.UpdatedDateTime!) + 86_400_000).toISOString();
    const description = `${event.DisplayAndFormat?.Description ?? 'Event'} (corrected)`;
    setup.platform.amend(event.EventId, {
      UpdatedDateTime: updated,
      DisplayAndFormat: { ...event.DisplayAndFormat, Description: description },
    });
    const now = result<CorporateActionEvent>(
      await jonas.call('corporateActions:event', { EventId: event.EventId }),
    );
    const state = await stateOn(jonas, event.EventId);
    expect(state).toMatchObject({ progress: 'AwaitingApproval', reviewedBy: { name: 'Clara Lindqvist' } });
    expect(Date.parse(state!.reviewedVersion!)).toBe(Date.parse(event.UpdatedDateTime!));
    const ask = {
      eventId: event.EventId,
      reviewedVersion: state!.reviewedVersion,
      currentVersion: now.UpdatedDateTime,
    };
    const onJonas = result<ChangesSinceReviewed>(
      await jonas.call('corporateActions:changesSinceReviewed', ask),
    );
    expect(onJonas.changes).toEqual([
      {
        field: 'DisplayAndFormat › Description',
        before: event.DisplayAndFormat?.Description,
        after: description,
      },
    ]);
    // A review stated on the version before the correction is refused: the event changed since it was read.
    const late = await jonas.call('corporateActions:setReviewed', {
      events: [{ ...readOf(event), version: state!.version }],
      reviewed: true,
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'EventFactsDisagree' } });
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
    expect(await stateOn(clara, shared[0]!.EventId)).toBeUndefined();
    await clara.waitForPush('corporateActions:reviewsChanged', (change) => change.reload === true, {
      since: before,
    });
    result(await clara.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
    await clara.waitForPush('corporateActions:reviewStore', teamState('available'), {
      since: before,
      timeoutMs: 10_000,
    });
    expect(await stateOn(clara, shared[0]!.EventId)).toMatchObject({
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
    // Named once, by the name the platform gives and the UserKey the administrator adds to team.json.
    const told =
      `Team review unavailable: ${ADMIN_USER.name} (UserKey ${userKeyOf('admin')}) is not a member of the team Corporate actions, Copenhagen. ` +
      "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.";
    expect(refused.payload).toMatchObject({ message: told });
    const action = await amelia.call('corporateActions:setFlagged', {
      eventId: '8800005',
      flagged: true,
      version: 0,
    });
    expect(action).toMatchObject({ ok: false, error: { code: 'NotTeamMember', message: told } });
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
      await clara.call('corporateActions:addNote', { eventId: '8800006', note: 'Seen.' }),
    );
    expect(noted).toMatchObject({ version: 2, changedBy: { name: 'Clara Lindqvist' } });
    expect(noted.notes.map((note) => note.text)).toEqual(['Seen.']);
    const status = result<{ store: ReviewStoreView }>(await clara.call('corporateActions:reviewStatus'));
    expect(status.store).toMatchObject({ state: 'available', replica: two });
    expect(one).not.toBe(two);
  }, 30_000);
});
