/**
 * Two analysts on two replicas of the review service (real processes) over one real
 * PostgreSQL: live changes across replicas within a second, four eyes, conflicts, personal read
 * marks, the work queue, and a replica killed mid-session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReviewActionsResult,
  ReviewChangeMessage,
  ReviewsFeed,
  TeamAuditEntry,
  TeamReviewErrorBody,
} from '../../contract/wire/review';
import type { ReviewServiceInfo } from '../../main/reviewService/server';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { ANALYST_A, ANALYST_B, startReplica, writeAuditKey, writeTeamFile } from '../support/reviewService';
import type { ReadyProcess } from '../support/simulatorProcess';
import { TeamReviewClient, type LiveStream, type StreamMessage } from '../support/reviewServiceClient';
import { startTestIssuer, type TestIssuer } from '../support/testIssuer';

const missing = postgresMissingReason();
const dividendOption = {
  EventType: 'DVOP',
  CorporateActionType: 'Mandatory',
  Electable: 'Electable',
} as const;

/** The change message of `eventId` (its newest version at least `version`). */
const changeOf =
  (eventId: string, version = 1) =>
  (message: StreamMessage) =>
    message.event === 'change' &&
    (message.data as ReviewChangeMessage).Reviews.some(
      (review) => review.EventId === eventId && review.Version >= version,
    );

describe.skipIf(missing)(`team review across two replicas${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let postgres: TestPostgres;
  let issuer: TestIssuer;
  let replicas: ReadyProcess<ReviewServiceInfo>[];
  let clara: TeamReviewClient;
  let jonas: TeamReviewClient;
  let claraStream: LiveStream;
  let jonasStream: LiveStream;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    const database = await postgres.createDatabase();
    issuer = await startTestIssuer();
    const teamFile = writeTeamFile();
    for (const eventId of ['LIVE-1', 'LIVE-2', 'WARM-1', 'WARM-2'])
      issuer.publishEvent(eventId, dividendOption);
    const options = {
      databaseUrl: postgres.url(database),
      issuer: issuer.issuer,
      platformUrl: issuer.platformUrl,
      teamFile,
      auditKeyFile: writeAuditKey().file,
      args: ['--heartbeat', '1'],
    };
    // One after the other: the second finds the schema current.
    replicas = [await startReplica(options), await startReplica(options)];
    const [one, two] = replicas.map((replica) => replica.ready.url) as [string, string];
    // One token each for the whole session, as a desk keeps its sign-in (a new token is checked
    // with the platform at its first use on each replica).
    const [claraToken, jonasToken] = await Promise.all([
      issuer.token(ANALYST_A.userKey, { expiresInSeconds: 3600 }),
      issuer.token(ANALYST_B.userKey, { expiresInSeconds: 3600 }),
    ]);
    clara = new TeamReviewClient([one, two], () => claraToken);
    jonas = new TeamReviewClient([two, one], () => jonasToken);
    claraStream = clara.stream();
    jonasStream = jonas.stream();
    await claraStream.waitFor((message) => message.event === 'ready');
    await jonasStream.waitFor((message) => message.event === 'ready');
    // Each replica has fetched the issuer's keys, and has read an event from the platform and
    // written a review once: what is timed below is the change, not a first connection.
    expect((await clara.act({ Action: 'MarkReviewed', EventId: 'WARM-1', Version: 0 })).status).toBe(200);
    expect((await jonas.act({ Action: 'MarkReviewed', EventId: 'WARM-2', Version: 0 })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    claraStream?.close();
    jonasStream?.close();
    await Promise.all((replicas ?? []).map((replica) => replica.stop()));
    await issuer?.close();
    postgres?.remove();
  });

  it('shows A’s review on B’s desk (other replica) within 1 s; B approves and A sees both names within 1 s', async () => {
    const sent = performance.now();
    const reviewed = await clara.act({
      Action: 'MarkReviewed',
      EventId: 'LIVE-1',
      Version: 0,
      Event: dividendOption,
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.replica).toBe(replicas[0]!.ready.url);
    expect(reviewed.body.Data[0]).toMatchObject({
      ReviewStatus: 'AwaitingApproval',
      FourEyes: true,
      Read: true,
    });

    const seen = await jonasStream.waitFor(changeOf('LIVE-1'), 1000);
    expect(seen.replica).toBe(replicas[1]!.ready.url);
    expect(seen.at - sent).toBeLessThan(1000);
    const change = seen.data as ReviewChangeMessage;
    expect(change.By.Name).toBe('Clara Lindqvist');
    expect(change.Reviews[0]).toMatchObject({
      ReviewStatus: 'AwaitingApproval',
      Reviewed: { By: { Name: 'Clara Lindqvist' } },
    });
    // Clara's read mark is hers alone.
    expect(change.Read).toBeUndefined();

    const approvedAt = performance.now();
    const approved = await jonas.act({
      Action: 'Approve',
      EventId: 'LIVE-1',
      Version: change.Reviews[0]!.Version,
    });
    expect(approved.status).toBe(200);
    const back = await claraStream.waitFor(changeOf('LIVE-1', 2), 1000);
    expect(back.at - approvedAt).toBeLessThan(1000);
    expect((back.data as ReviewChangeMessage).Reviews[0]).toMatchObject({
      ReviewStatus: 'Approved',
      Reviewed: { By: { Name: 'Clara Lindqvist' } },
      Approved: { By: { Name: 'Jonas Berger' } },
    });
  });

  it('refuses A approving her own review (four eyes) and changes nothing', async () => {
    const reviewed = await clara.act({
      Action: 'MarkReviewed',
      EventId: 'LIVE-2',
      Version: 0,
      Event: dividendOption,
    });
    const own = await clara.act({ Action: 'Approve', EventId: 'LIVE-2', Version: 1 });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ ErrorCode: 'FourEyesSameUser' });
    expect(own.body.Message).toContain('a different analyst must approve it');
    const now = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=LIVE-2');
    expect(now.body.Data[0]).toMatchObject({ Version: 1, ReviewStatus: 'AwaitingApproval' });
    expect(now.body.Data[0]!.Approved).toBeUndefined();
    expect(reviewed.body.Sequence).toBeDefined();
  });

  it('answers a stale change with 409 naming who changed what and when, and overwrites nothing', async () => {
    await clara.act({ Action: 'SetFlagged', EventId: 'LIVE-3', Version: 0, Flagged: true });
    const stale = await jonas.act({
      Action: 'Assign',
      EventId: 'LIVE-3',
      Version: 0,
      Assignee: ANALYST_B.userKey,
    });
    expect(stale.status).toBe(409);
    const body = stale.body as TeamReviewErrorBody;
    expect(body.ErrorCode).toBe('ReviewConflict');
    expect(body.Message).toMatch(
      /Event LIVE-3 changed since you loaded it: last changed by Clara Lindqvist \(flagged, \d{4}-\d\d-\d\dT/,
    );
    const conflict = body.Conflicts![0]!;
    expect(conflict).toMatchObject({
      EventId: 'LIVE-3',
      YourVersion: 0,
      Current: { Version: 1, Flagged: true },
    });
    expect(conflict.ChangesSince).toEqual([
      expect.objectContaining({
        By: { UserKey: ANALYST_A.userKey, Name: 'Clara Lindqvist' },
        Action: 'Flagged',
        Before: 'false',
        After: 'true',
        Version: 1,
      }),
    ]);
    const kept = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=LIVE-3');
    expect(kept.body.Data[0]).toMatchObject({ Version: 1, Flagged: true });
    expect(kept.body.Data[0]!.Assignee).toBeUndefined();
    // Reloaded, Jonas's change goes through on top of Clara's.
    const retried = await jonas.act({
      Action: 'Assign',
      EventId: 'LIVE-3',
      Version: 1,
      Assignee: ANALYST_A.userKey,
    });
    expect(retried.status).toBe(200);
  });

  it('names in a conflict only the changes after the version sent, the newest 50 of a long history', async () => {
    for (let version = 0; version < 55; version++) {
      const flagged = await clara.act({
        Action: 'SetFlagged',
        EventId: 'LIVE-9',
        Version: version,
        Flagged: version % 2 === 0,
      });
      expect(flagged.status).toBe(200);
    }
    const since = async (version: number) => {
      const stale = await jonas.act({
        Action: 'SetFlagged',
        EventId: 'LIVE-9',
        Version: version,
        Flagged: true,
      });
      expect(stale.status).toBe(409);
      return (stale.body as TeamReviewErrorBody).Conflicts![0]!.ChangesSince.map((change) => change.Version);
    };
    expect(await since(52)).toEqual([53, 54, 55]);
    expect(await since(3)).toEqual(Array.from({ length: 50 }, (_, index) => index + 6));
  });

  it('keeps every note as a thread: two analysts writing at once overwrite nothing, newest last', async () => {
    const [first, second] = await Promise.all([
      clara.act({ Action: 'AddNote', EventId: 'LIVE-7', Note: 'Checked the ratio with the agent.' }),
      jonas.act({ Action: 'AddNote', EventId: 'LIVE-7', Note: 'Ratio looks wrong?' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await clara.act({ Action: 'AddNote', EventId: 'LIVE-7', Note: 'Agreed after a call.' });
    const notes = third.body.Data[0]!.Notes!;
    expect(notes.map((note) => note.Id)).toEqual([1, 2, 3]);
    expect(notes.at(-1)).toMatchObject({ By: { Name: 'Clara Lindqvist' }, Text: 'Agreed after a call.' });
    expect(
      notes
        .slice(0, 2)
        .map((note) => [note.By.Name, note.Text])
        .sort(),
    ).toEqual([
      ['Clara Lindqvist', 'Checked the ratio with the agent.'],
      ['Jonas Berger', 'Ratio looks wrong?'],
    ]);
    expect(Date.parse(notes[0]!.At)).toBeLessThanOrEqual(Date.parse(notes[2]!.At));
    const seen = await jonasStream.waitFor(changeOf('LIVE-7', 3), 1000);
    expect((seen.data as ReviewChangeMessage).Reviews[0]!.Notes).toEqual(notes);
  });

  it('keeps read marks personal: only the reader’s own desks hear of them', async () => {
    const read = await clara.act({ Action: 'SetRead', EventId: 'LIVE-4', Read: true });
    const sequence = (read.body as ReviewActionsResult).Sequence!;
    const own = await claraStream.waitFor((message) => message.id === String(sequence), 1000);
    expect((own.data as ReviewChangeMessage).Read).toEqual([{ EventId: 'LIVE-4', Read: true }]);
    const theirs = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?EventIds=LIVE-4');
    expect(theirs.body.Data[0]).toMatchObject({ Read: false, Version: 0 });
    // A later shared change reaches Jonas; the read mark before it never did.
    await clara.act({ Action: 'SetFlagged', EventId: 'LIVE-4', Version: 0, Flagged: true });
    await jonasStream.waitFor(changeOf('LIVE-4'), 1000);
    expect(jonasStream.messages.some((message) => message.id === String(sequence))).toBe(false);
  });

  it('serves the work queue and the audit log to the team', async () => {
    await clara.act({ Action: 'Assign', EventId: 'LIVE-5', Version: 0, Assignee: ANALYST_B.userKey });
    const mine = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?AssignedTo=me');
    expect(mine.body.Data.map((review) => review.EventId)).toEqual(['LIVE-5']);
    expect(mine.body.Data[0]!.Assignee).toEqual({ UserKey: ANALYST_B.userKey, Name: 'Jonas Berger' });
    const awaiting = await jonas.call<ReviewsFeed>('GET', '/v1/reviews?ReviewStatus=AwaitingApproval');
    expect(awaiting.body.Data.map((review) => review.EventId)).toEqual(['LIVE-2', 'WARM-2', 'WARM-1']);
    const audit = await jonas.call<{ __count: number; Data: TeamAuditEntry[] }>(
      'GET',
      `/v1/audit?EventId=LIVE-1&UserKey=${encodeURIComponent(ANALYST_B.userKey)}`,
    );
    expect(audit.body.Data.map((entry) => [entry.Action, entry.By.Name])).toEqual([
      ['Approved', 'Jonas Berger'],
    ]);
  });

  it('moves desks to the other replica when one is killed, resuming without a gap', async () => {
    const [one, two] = replicas as [ReadyProcess<ReviewServiceInfo>, ReadyProcess<ReviewServiceInfo>];
    expect(claraStream.connections).toEqual([one.ready.url]);
    one.child.kill('SIGKILL');
    // Jonas keeps working on replica 2 while Clara's desk is cut off.
    let version = 0;
    const sequences: number[] = [];
    for (const flagged of [true, false, true]) {
      const answer = await jonas.act({
        Action: 'SetFlagged',
        EventId: 'LIVE-6',
        Version: version,
        Flagged: flagged,
      });
      expect(answer.status).toBe(200);
      version = answer.body.Data[0]!.Version;
      sequences.push(answer.body.Sequence!);
    }
    await claraStream.waitFor((message) => message.id === String(sequences.at(-1)), 5000);
    expect(claraStream.connections).toEqual([one.ready.url, two.ready.url]);
    const received = claraStream.changes().map((change) => change.Sequence);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(new Set(received).size).toBe(received.length);
    for (const sequence of sequences) expect(received).toContain(sequence);
    // Her requests fail over too.
    const after = await clara.act({ Action: 'AddNote', EventId: 'LIVE-6', Note: 'Flag confirmed.' });
    expect(after.status).toBe(200);
    expect(after.replica).toBe(two.ready.url);
  });
});
