/**
 * Main's live stream of team review changes against stand-in replicas (plain HTTP servers
 * speaking the stream's format), to see its reconnection rules one by one: the next replica at
 * once when one goes away, resuming with Last-Event-ID; "unavailable" once every replica failed
 * in a row; recovery with backoff when one answers again; a renewed token after `expired`; the
 * service's words after `refused` (a revoked sign-in).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamLiveStream } from '../../main/core/corporateActions/review/team/teamLiveStream';
import { TeamServiceClient } from '../../main/core/corporateActions/review/team/teamServiceClient';

/** A stand-in replica: answers the stream with `ready` and remembers what each connection sent. */
class FakeReplica {
  readonly connections: IncomingHttpHeaders[] = [];
  private readonly open = new Set<ServerResponse>();
  private server: Server;
  port = 0;

  constructor(
    private readonly answer: (response: ServerResponse, headers: IncomingHttpHeaders) => void = ready,
  ) {
    this.server = this.create();
  }

  private create(): Server {
    return createServer((request, response) => {
      this.connections.push(request.headers);
      this.open.add(response);
      response.on('close', () => this.open.delete(response));
      this.answer(response, request.headers);
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Sends a change to every open stream. */
  change(sequence: number): void {
    for (const response of this.open)
      response.write(
        `id: ${sequence}\nevent: change\ndata: ${JSON.stringify({ Sequence: sequence, At: '2026-03-02T09:00:00Z', By: { UserKey: 'k', Name: 'Jonas Berger' }, Reviews: [] })}\n\n`,
      );
  }

  /** Cuts every open connection (the replica stays). */
  dropConnections(): void {
    this.server.closeAllConnections();
  }

  /** Goes away as a killed process does: every connection cut, nothing listening. */
  async kill(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.create();
  }
}

/** As the service answers: `ready` with the newest Sequence as its id, or without an id when the desk resumes. */
function ready(response: ServerResponse, headers: IncomingHttpHeaders): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(`${headers['last-event-id'] ? '' : 'id: 5\n'}event: ready\ndata: {"Sequence":5}\n\n`);
}

describe('the team review live stream in main', () => {
  const replicas: FakeReplica[] = [];
  let stream: TeamLiveStream | undefined;
  afterEach(async () => {
    await stream?.stop();
    for (const replica of replicas.splice(0)) await replica.kill();
  });

  async function listen(
    urls: string[],
    token: () => string | undefined = () => 'token-1',
    renew = async () => false,
    userName?: () => string | undefined,
  ) {
    const states: { state: string; message?: string; replica?: string }[] = [];
    const sequences: number[] = [];
    const client = new TeamServiceClient({
      urls,
      auth: { accessToken: token, reauthenticate: renew },
      ...(userName ? { userName } : {}),
    });
    stream = new TeamLiveStream({
      client,
      firstRetryMs: 50,
      lastRetryMs: 400,
      silenceMs: 2000,
      handlers: {
        onChange: (message) => sequences.push(message.Sequence),
        onReset: () => {},
        onState: (state, message, replica) =>
          states.push({ state, ...(message ? { message } : {}), ...(replica ? { replica } : {}) }),
      },
    });
    stream.start();
    return { states, sequences, client };
  }

  const until = async (check: () => boolean, what: string) => {
    for (const started = Date.now(); !check();) {
      if (Date.now() - started > 5000) throw new Error(`not within 5 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('moves to the next replica at once when one goes away, resuming after the last change, and says unavailable only when all failed', async () => {
    const [one, two] = [new FakeReplica(), new FakeReplica()];
    replicas.push(one, two);
    await one.start();
    await two.start();
    const { states, sequences } = await listen([one.url, two.url]);
    await until(() => states.at(-1)?.replica === one.url, 'available on replica 1');
    one.change(6);
    await until(() => sequences.includes(6), 'change 6');

    await one.kill();
    await until(() => states.at(-1)?.replica === two.url, 'available on replica 2');
    expect(two.connections[0]).toMatchObject({ authorization: 'Bearer token-1', 'last-event-id': '6' });
    expect(states.map((entry) => entry.state)).not.toContain('unavailable');

    const port = two.port;
    await two.kill();
    await until(() => states.at(-1)?.state === 'unavailable', 'unavailable');
    expect(states.at(-1)!.message).toMatch(
      /^Team review unavailable: no replica of the team review service answers \(/,
    );
    expect(states.at(-1)!.message).toContain(two.url);

    // The replica comes back on its address: the stream finds it by itself.
    two.port = port;
    await two.start();
    await until(() => states.at(-1)?.state === 'available', 'available again');
    expect(two.connections.at(-1)).toMatchObject({ 'last-event-id': '6' });
  });

  it('takes a replica that falls silent (no heartbeat) as gone, and moves on', async () => {
    const [silent, two] = [new FakeReplica(), new FakeReplica()];
    replicas.push(silent, two);
    await silent.start();
    await two.start();
    const { states } = await listen([silent.url, two.url]);
    await until(() => states.at(-1)?.replica === silent.url, 'available on the silent replica');
    const since = Date.now();
    await until(() => states.at(-1)?.replica === two.url, 'moved to replica 2');
    // After the silence allowed (2 s here: three heartbeats of the service by default).
    expect(Date.now() - since).toBeGreaterThan(1500);
  });

  it('reconnects at once with the renewed token when the service says the token expired', async () => {
    let token = 'token-1';
    const expiring = new FakeReplica((response, headers) => {
      if (headers.authorization === 'Bearer token-1') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(
          'event: ready\ndata: {"Sequence":1}\n\nevent: expired\ndata: {"Message":"The bearer token expired"}\n\n',
        );
        token = 'token-2';
        return;
      }
      ready(response, headers);
    });
    replicas.push(expiring);
    await expiring.start();
    const { states } = await listen([expiring.url], () => token);
    await until(() => expiring.connections.length >= 2, 'a second connection');
    expect(expiring.connections[1]).toMatchObject({ authorization: 'Bearer token-2' });
    expect(states.map((entry) => entry.state)).not.toContain('unavailable');
  });

  it('keeps the database’s words when a replica cannot replay what was missed and ends the stream', async () => {
    const lost = 'Team review unavailable: the review database cannot be reached (connection refused).';
    const replica = new FakeReplica((response, headers) => {
      if (!headers['last-event-id']) return ready(response, headers);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`event: unavailable\ndata: ${JSON.stringify({ Message: lost })}\n\n`);
    });
    replicas.push(replica);
    await replica.start();
    const { states } = await listen([replica.url]);
    await until(() => states.at(-1)?.state === 'available', 'available');
    // The connection drops after a while; the replica's database is gone when the desk comes back.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    replica.dropConnections();
    await until(() => replica.connections.length >= 3, 'three attempts');
    expect(states.slice(1).every((entry) => entry.state === 'unavailable' && entry.message === lost)).toBe(
      true,
    );
  });

  it('says once who is not a member and what to do when the service refuses the stream, and asks again later (older service, text only)', async () => {
    const refusing = new FakeReplica((response) => {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ErrorCode: 'NotTeamMember',
          Message:
            "User k== is not a member of the team Corporate actions; ask the team's administrator to add you.",
        }),
      );
    });
    replicas.push(refusing);
    await refusing.start();
    const { states } = await listen([refusing.url], undefined, undefined, () => 'Amelia Admin');
    await until(() => refusing.connections.length >= 3, 'three attempts');
    expect(states[0]).toEqual({
      state: 'unavailable',
      message:
        'Team review unavailable: Amelia Admin (UserKey k==) is not a member of the team Corporate actions. ' +
        "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.",
      replica: refusing.url,
    });
  });

  it("names the user and team from the refusal's fields, not from its text, when the service sends them", async () => {
    // The text names another UserKey and team and is worded so no text parser reads it: only the fields can be right.
    const refusing = new FakeReplica((response) => {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ErrorCode: 'NotTeamMember',
          Message:
            "User old== is not a member of the team Old desk; ask the team's administrator to add you.",
          UserKey: 'TC3QNKCilDiA1NRnBBbD7A==',
          TeamName: 'Corporate actions, Copenhagen',
          Removed: false,
        }),
      );
    });
    replicas.push(refusing);
    await refusing.start();
    const { states } = await listen([refusing.url], undefined, undefined, () => 'Amelia Admin');
    await until(() => states.length > 0, 'the refusal');
    expect(states[0]?.message).toBe(
      'Team review unavailable: Amelia Admin (UserKey TC3QNKCilDiA1NRnBBbD7A==) is not a member of the team Corporate actions, Copenhagen. ' +
        "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.",
    );
  });

  /** A replica whose stream starts, then refuses with `refused`: the desk's "unavailable" line. */
  async function unavailableAfterRefusal(refused: object): Promise<string | undefined> {
    const removing = new FakeReplica((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        `id: 5\nevent: ready\ndata: {"Sequence":5}\n\nevent: refused\ndata: ${JSON.stringify(refused)}\n\n`,
      );
    });
    replicas.push(removing);
    await removing.start();
    const { states } = await listen([removing.url], undefined, undefined, () => 'Clara Lindqvist');
    await until(() => states.some((entry) => entry.state === 'unavailable'), 'the refusal');
    return states.find((entry) => entry.state === 'unavailable')?.message;
  }

  it("says a member removed from the team file is no longer a member, from the stream's refusal fields", async () => {
    const message = await unavailableAfterRefusal({
      ErrorCode: 'NotTeamMember',
      Message: 'Removed from the team file.',
      UserKey: 'k==',
      TeamName: 'Corporate actions',
      Removed: true,
    });
    expect(message).toBe(
      'Team review unavailable: Clara Lindqvist (UserKey k==) is no longer a member of the team Corporate actions. ' +
        "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.",
    );
  });

  it('says a member removed from the team file is no longer a member, not that the sign-in was refused (older service, text only)', async () => {
    const message = await unavailableAfterRefusal({
      ErrorCode: 'NotTeamMember',
      Message: 'User k== is no longer a member of the team Corporate actions.',
    });
    expect(message).toBe(
      'Team review unavailable: Clara Lindqvist (UserKey k==) is no longer a member of the team Corporate actions. ' +
        "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.",
    );
  });

  it('says in words that the service ended the stream for a revoked sign-in, and does not hop between replicas', async () => {
    const revoked = 'The platform no longer accepts this sign-in (it was revoked or ended): sign in again.';
    const [one, two] = [0, 1].map(
      () =>
        new FakeReplica((response, headers) => {
          if (headers['last-event-id'] === undefined && one!.connections.length === 1) {
            response.writeHead(200, { 'content-type': 'text/event-stream' });
            response.end(
              `id: 5\nevent: ready\ndata: {"Sequence":5}\n\nevent: refused\ndata: ${JSON.stringify({ ErrorCode: 'Unauthorized', Message: revoked })}\n\n`,
            );
            return;
          }
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ ErrorCode: 'Unauthorized', Message: revoked }));
        }),
    ) as [FakeReplica, FakeReplica];
    replicas.push(one, two);
    await one.start();
    await two.start();
    const { states } = await listen([one.url, two.url]);
    await until(() => states.some((entry) => entry.state === 'unavailable'), 'unavailable');
    expect(states.find((entry) => entry.state === 'unavailable')).toEqual({
      state: 'unavailable',
      message: `Team review unavailable: the team review service no longer accepts your sign-in: ${revoked}`,
      replica: one.url,
    });
    // The refusal is the service's answer, not a replica failing: the desk stays, and waits.
    expect(two.connections).toHaveLength(0);
  });
});
