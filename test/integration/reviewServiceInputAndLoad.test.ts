/**
 * Bad input and load (issue 27, defect 8), against two replicas (processes), the simulator as
 * the platform and a real PostgreSQL: what PostgreSQL cannot store answers 400 naming the field
 * (it answered 500); a body that never arrives is cut off; the token is checked before the body
 * is read; one member's flood of requests, actions or streams is refused with 429 while another
 * member carries on; every 5xx is logged without --verbose, never with the token or the note.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamReviewErrorBody } from '../../contract/wire/review';
import { postgresMissingReason } from '../support/postgres';
import { answerBeforeBody, openUnfinishedRequest } from '../support/rawHttp';
import { startTeamReview, type TeamReviewSetup } from '../support/reviewServiceDesks';
import { TeamReviewClient } from '../support/reviewServiceClient';

const missing = postgresMissingReason();

/** The head of a POST of the actions route announcing a body of `length` bytes. */
const postHead = (token: string, length: number) =>
  'POST /v1/reviews/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
  `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe.skipIf(missing)(`bad input and load${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let setup: TeamReviewSetup;
  let clara: TeamReviewClient;
  let jonas: TeamReviewClient;
  const portOf = (index: number) => setup.replicas[index]!.ready.port;

  beforeAll(async () => {
    // Low limits, so a flood is a flood however slowly a busy machine answers it.
    setup = await startTeamReview(2, {
      args: [
        // Short enough to see a body that never comes cut off, long enough that a replica starved
        // of CPU by a full test run still reads a small body that did come (2 s answered 408).
        '--request-timeout',
        '6',
        '--member-requests-per-second',
        '5',
        '--member-actions-per-second',
        '20',
      ],
    });
    clara = new TeamReviewClient([setup.urls[0]!], () => setup.simulator.accessToken('demo'));
    jonas = new TeamReviewClient([setup.urls[0]!], () => setup.simulator.accessToken('trader2'));
  }, 180_000);

  afterAll(async () => {
    await setup?.close();
  });

  it('answers 400 naming the field for what PostgreSQL cannot take (it answered 500)', async () => {
    const cases: [string, Promise<{ status: number; body: unknown }>, string, RegExp][] = [
      [
        'Version above 2^31-1',
        clara.act({ Action: 'SetFlagged', EventId: 'INPUT-1', Version: 2 ** 31, Flagged: true }),
        'Actions.0.Version',
        /Version is at most 2147483647/,
      ],
      [
        'a note with U+0000',
        clara.act({ Action: 'AddNote', EventId: 'INPUT-2', Note: 'before\u0000after' }),
        'Actions.0.Note',
        /cannot contain the character U\+0000/,
      ],
      [
        'a note with a lone surrogate',
        clara.act({ Action: 'AddNote', EventId: 'INPUT-3', Note: 'half \ud83d of a smile' }),
        'Actions.0.Note',
        /lone surrogate/,
      ],
      [
        'year 0000 from',
        clara.call('GET', '/v1/audit?FromDateTime=0000-01-01T00:00:00Z'),
        'FromDateTime',
        /year 0001/,
      ],
      [
        'year 0000 to',
        clara.call('GET', '/v1/audit?ToDateTime=0000-12-31T23:59:59Z'),
        'ToDateTime',
        /year 0001/,
      ],
    ];
    for (const [name, pending, field, message] of cases) {
      const answer = (await pending) as { status: number; body: TeamReviewErrorBody };
      expect(answer.status, name).toBe(400);
      expect(answer.body.ErrorCode, name).toBe('InvalidRequest');
      expect(answer.body.ModelState?.[field]?.join(' '), name).toMatch(message);
    }
    // A whole emoji (a surrogate pair) is fine.
    const fine = await clara.act({ Action: 'AddNote', EventId: 'INPUT-3', Note: 'a whole 😀' });
    expect(fine.status).toBe(200);
  });

  it('checks the token before the body: a stranger gets 401 while the body has not come', async () => {
    const answer = await answerBeforeBody(portOf(0), `${postHead('not-a-token', 1000)}{"Actions":[`, 5000);
    expect(answer.status).toBe(401);
    expect(answer.afterMs).toBeLessThan(1500);
  });

  it('closes the connection of a member whose POST body never arrives', async () => {
    const token = await setup.simulator.accessToken('demo');
    const fate = await openUnfinishedRequest(portOf(0), `${postHead(token, 1000)}{"Actions":[`, {
      giveUpAfterMs: 15_000,
    });
    // --request-timeout 6, checked every second.
    expect(fate.closedAfterMs).toBeGreaterThanOrEqual(5000);
    expect(fate.closedAfterMs).toBeLessThan(10_000);
    expect(fate.received).toMatch(/^HTTP\/1\.1 408/);
    // The replica is none the worse.
    expect((await clara.call('GET', '/v1/team')).status).toBe(200);
  });

  it('refuses one member’s flood with 429 while another member still works', async () => {
    // Requests: 5 a second with a burst of 10; the burst is whole again after 2 s without any.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const flood = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        clara.act({ Action: 'SetRead', EventId: `FLOOD-${index}`, Read: true }),
      ),
    );
    const refused = flood.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    // What was not refused was done: a burst of 10 and 5 a second after it.
    expect(flood.filter((answer) => answer.status === 200).length).toBe(150 - refused.length);
    expect(150 - refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]!.body.Message).toMatch(/^Too many requests from Clara Lindqvist: at most 5 a second/);
    const jonasMeanwhile = await jonas.act({
      Action: 'SetFlagged',
      EventId: 'FLOOD-0',
      Version: 0,
      Flagged: true,
    });
    expect(jonasMeanwhile.status).toBe(200);

    // Actions: 20 a second, two full bulk calls at once.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const bulk = (from: number) =>
      clara.act(
        ...Array.from({ length: 1000 }, (_, index) => ({
          Action: 'SetRead' as const,
          EventId: `BULK-${from + index}`,
          Read: true,
        })),
      );
    expect((await bulk(0)).status).toBe(200);
    expect((await bulk(1000)).status).toBe(200);
    const third = await bulk(2000);
    expect(third.status).toBe(429);
    expect(third.body.Message).toMatch(/^Too many review actions from Clara Lindqvist: at most 20 a second/);
    expect((await jonas.act({ Action: 'SetRead', EventId: 'BULK-1', Read: true })).status).toBe(200);
  }, 60_000);

  it('lets a member hold at most 4 live streams on a replica', async () => {
    const token = await setup.simulator.accessToken('trader2');
    const open = (url: string) =>
      fetch(`${url}/v1/events/stream`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
    const streams = await Promise.all(Array.from({ length: 4 }, () => open(setup.urls[1]!)));
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
      const fifth = await open(setup.urls[1]!);
      expect(fifth.status).toBe(429);
      expect(((await fifth.json()) as TeamReviewErrorBody).Message).toMatch(
        /^Jonas Berger already has 4 live streams open on this replica \(at most 4\)/,
      );
      // The other replica counts its own, and other members are not affected.
      const elsewhere = await open(setup.urls[0]!);
      expect(elsewhere.status).toBe(200);
      await elsewhere.body?.cancel();
    } finally {
      for (const stream of streams) await stream.body?.cancel();
    }
  });

  it('logs every 5xx without --verbose, never the token or the note', async () => {
    // Clara's requests of the flood above are forgiven by now (5 a second, 10 at once).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const token = await setup.simulator.accessToken('demo');
    const note = 'Confidential: client 4471 elects cash';
    setup.postgres.stop();
    try {
      const write = await clara.act({ Action: 'AddNote', EventId: 'LOG-1', Note: note });
      expect(write.status).toBe(503);
      const read = await clara.call('GET', '/v1/reviews?EventIds=LOG-1');
      expect(read.status).toBe(503);
    } finally {
      setup.postgres.start();
    }
    // Logged once the answer has gone, so it may come a moment after it.
    await vi.waitFor(() => {
      const log = setup.replicas[0]!.stderr();
      expect(log).toMatch(/503 POST \/v1\/reviews\/actions \(request [\w-]+\): Error ECONNREFUSED/);
      expect(log).toMatch(/503 GET \/v1\/reviews \(request [\w-]+\): /);
    });
    const log = setup.replicas[0]!.stderr();
    expect(log).not.toContain(note);
    expect(log).not.toContain(token);
    // Back in business once the database is.
    let status = 0;
    for (let tries = 0; tries < 40 && status !== 200; tries++) {
      status = (await clara.call('GET', '/v1/reviews?EventIds=LOG-1')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
  }, 60_000);
});
