/**
 * A hung replica (issue 27, defect 3), as a desk meets it: Clara's desk (the core services a
 * shell runs) on two replicas (real processes) over a real PostgreSQL, the simulator as the
 * platform. With her first replica stopped (SIGSTOP) a change is confirmed through the other
 * within 10 s and the store says the stopped one is not responding; resumed (SIGCONT), it applies
 * nothing a second time. With both stopped she is told within 10 s that the change is not
 * confirmed, and resumed later they never commit it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventReviewState, ReviewAuditEntry } from '../../contract/corporateActions';
import type { ReviewStoreView } from '../../contract/review';
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

const stop = (pid: number) => process.kill(pid, 'SIGSTOP');
const resume = (pid: number) => process.kill(pid, 'SIGCONT');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing)(`a hung replica on the desk${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let setup: TeamReviewSetup;
  let clara: TeamDesk;
  let jonas: TeamDesk;
  let pids: [number, number];

  beforeAll(async () => {
    setup = await startTeamReview(2);
    pids = setup.replicas.map((replica) => replica.child.pid!) as [number, number];
    [clara, jonas] = await Promise.all([openSignedInDesk(setup, 'demo'), openSignedInDesk(setup, 'trader2')]);
    for (const desk of [clara, jonas]) {
      result(await desk.call('settings:saveReviewStore', { store: 'team', teamUrls: setup.urls }));
      await desk.waitForPush(
        'corporateActions:reviewStore',
        (view) => view.kind === 'team' && view.state === 'available' && view.team !== undefined,
        { timeoutMs: 15_000 },
      );
    }
  }, 180_000);

  afterAll(async () => {
    for (const pid of pids ?? []) resume(pid);
    await clara?.close();
    await jonas?.close();
    await setup?.close();
  });

  it('confirms a change through the other replica within 10 s, says which one is not responding, and applies it once', async () => {
    const [one] = setup.urls as [string, string];
    const before = clara.pushed.length;
    stop(pids[0]);
    let flagged: EventReviewState;
    try {
      const sent = performance.now();
      flagged = result<EventReviewState>(
        await clara.call('corporateActions:setFlagged', { eventId: '8900001', flagged: true, version: 0 }),
      );
      expect(performance.now() - sent).toBeLessThan(10_000);
      expect(flagged).toMatchObject({ flagged: true, version: 1 });
      const said = await clara.waitForPush(
        'corporateActions:reviewStore',
        (view: ReviewStoreView) => view.kind === 'team' && (view.notResponding ?? []).includes(one),
        { since: before },
      );
      expect(said.payload).toMatchObject({ notResponding: [one] });
    } finally {
      resume(pids[0]);
    }
    // Resumed, the replica reads the request it was sent: it answers the first outcome and applies nothing.
    await pause(3000);
    const audit = result<ReviewAuditEntry[]>(
      await jonas.call('corporateActions:audit', { eventId: '8900001' }),
    );
    expect(audit.map((entry) => entry.action)).toEqual(['flagged']);
    // It answers again: the store stops saying it is not responding.
    await clara.waitForPush(
      'corporateActions:reviewStore',
      (view: ReviewStoreView) => view.kind === 'team' && !view.notResponding,
      { since: before, timeoutMs: 15_000 },
    );
  }, 60_000);

  it('tells the user within 10 s that a change is not confirmed when no replica answers, and never commits it later', async () => {
    stop(pids[0]);
    stop(pids[1]);
    let refused;
    const sent = performance.now();
    try {
      refused = await clara.call('corporateActions:setFlagged', {
        eventId: '8900002',
        flagged: true,
        version: 0,
      });
    } finally {
      // Resumed after the deadline: each replica has the request, and must not commit it.
      resume(pids[0]);
      resume(pids[1]);
    }
    expect(performance.now() - sent).toBeLessThan(11_000);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'TeamReviewUnavailable',
        message: expect.stringMatching(
          /^Not confirmed: the team review service did not confirm your change within 10 s/,
        ),
      },
    });
    await pause(3000);
    const states = result<EventReviewState[]>(
      await jonas.call('corporateActions:reviewStates', { eventIds: ['8900002'] }),
    );
    expect(states).toEqual([]);
  }, 60_000);
});
