/**
 * Membership changes without a restart (issue 27, defect 7): every replica watches team.json
 * and reads it again on SIGHUP; a new member is let in and a removed member's streams close
 * within 30 s, and a file that does not parse is refused with the reason logged while the
 * team stays as it was. Two replicas (processes), the simulator as the platform, real PostgreSQL.
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamDescription, TeamReviewErrorBody } from '../../contract/wire/review';
import { postgresMissingReason } from '../support/postgres';
import { startTeamReview, userKeyOf, type TeamReviewSetup } from '../support/reviewServiceDesks';
import { TeamReviewClient } from '../support/reviewServiceClient';

const missing = postgresMissingReason();

interface TeamFile {
  members: { userKey: string; name: string; roles?: string[] }[];
  [key: string]: unknown;
}

describe.skipIf(missing)(
  `editing team.json while replicas run${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let setup: TeamReviewSetup;
    let original: TeamFile;
    /** A client of each replica for `login`. */
    const clientsOf = (login: string) =>
      setup.urls.map((url) => new TeamReviewClient([url], () => setup.simulator.accessToken(login)));
    const rewrite = (change: (team: TeamFile) => TeamFile) =>
      writeFileSync(setup.teamFile, JSON.stringify(change(structuredClone(original)), null, 2));
    /** Waits until every replica answers `login`'s GET /v1/team with `status` (30 s at most). */
    const everyReplicaAnswers = (login: string, status: number) =>
      vi.waitFor(
        async () => {
          for (const client of clientsOf(login))
            expect((await client.call('GET', '/v1/team')).status).toBe(status);
        },
        { timeout: 30_000, interval: 500 },
      );

    beforeAll(async () => {
      setup = await startTeamReview(2);
      original = JSON.parse(readFileSync(setup.teamFile, 'utf8')) as TeamFile;
    }, 180_000);

    afterAll(async () => {
      await setup?.close();
    });

    it('lets a member added to the file in within 30 s, on every replica, without a restart', async () => {
      for (const client of clientsOf('admin'))
        expect((await client.call('GET', '/v1/team')).status).toBe(403);
      const editedAt = performance.now();
      rewrite((team) => ({
        ...team,
        members: [...team.members, { userKey: userKeyOf('admin'), name: 'Ada Admin', roles: ['Viewer'] }],
      }));
      await everyReplicaAnswers('admin', 200);
      expect(performance.now() - editedAt).toBeLessThan(30_000);
      const described = await clientsOf('admin')[1]!.call<TeamDescription>('GET', '/v1/team');
      expect(described.body.Me).toEqual({
        UserKey: userKeyOf('admin'),
        Name: 'Ada Admin',
        Roles: ['Viewer'],
      });
      for (const replica of setup.replicas)
        expect(replica.stderr()).toMatch(/team file read again \(the file changed\): 3 members/);
    });

    it('closes a removed member’s streams and refuses their requests, while the others carry on', async () => {
      const [jonasOne, jonasTwo] = clientsOf('trader2') as [TeamReviewClient, TeamReviewClient];
      const streams = [jonasOne.stream(), jonasTwo.stream()];
      for (const stream of streams) await stream.waitFor((message) => message.event === 'ready', 10_000);
      const editedAt = performance.now();
      rewrite((team) => ({
        ...team,
        members: team.members.filter((member) => member.userKey !== userKeyOf('trader2')),
      }));
      for (const stream of streams) {
        const refused = await stream.waitFor((message) => message.event === 'refused', 30_000);
        expect(refused.at - editedAt).toBeLessThan(30_000);
        expect(refused.data).toEqual({
          ErrorCode: 'NotTeamMember',
          Message: `User ${userKeyOf('trader2')} is no longer a member of the team Corporate actions, Copenhagen.`,
          UserKey: userKeyOf('trader2'),
          TeamName: 'Corporate actions, Copenhagen',
          Removed: true,
        });
        stream.close();
      }
      const refusedAction = await jonasOne.act({
        Action: 'SetFlagged',
        EventId: 'TEAM-1',
        Version: 0,
        Flagged: true,
      });
      expect(refusedAction.status).toBe(403);
      expect((refusedAction.body as TeamReviewErrorBody).ErrorCode).toBe('NotTeamMember');
      const [claraOne] = clientsOf('demo') as [TeamReviewClient];
      expect(
        (await claraOne.act({ Action: 'SetFlagged', EventId: 'TEAM-1', Version: 0, Flagged: true })).status,
      ).toBe(200);
      for (const replica of setup.replicas)
        expect(replica.stderr()).toContain(`no longer members: ${userKeyOf('trader2')}`);
    });

    it('refuses a file that does not parse, keeps the team as it was, and takes the next good one', async () => {
      writeFileSync(setup.teamFile, '{ "id": "ca-copenhagen", "members": [ { "userKey": ');
      await vi.waitFor(
        () => {
          for (const replica of setup.replicas)
            expect(replica.stderr()).toMatch(
              /team file refused \(the file changed\), the team stays as it was: The team file .* is not JSON/,
            );
        },
        { timeout: 30_000, interval: 500 },
      );
      rewrite((team) => ({ ...team, members: team.members.map((member) => ({ ...member })), appKeys: [] }));
      await vi.waitFor(
        () => {
          for (const replica of setup.replicas)
            expect(replica.stderr()).toMatch(/appKeys: appKeys names at least one application/);
        },
        { timeout: 30_000, interval: 500 },
      );
      // Still the team of before: Clara only (Jonas was removed above).
      for (const client of clientsOf('demo')) expect((await client.call('GET', '/v1/team')).status).toBe(200);
      for (const client of clientsOf('trader2'))
        expect((await client.call('GET', '/v1/team')).status).toBe(403);
      for (const replica of setup.replicas) expect(replica.child.exitCode).toBeNull();
    });

    it('reads the file again on SIGHUP, also when its modification time says nothing changed', async () => {
      // A whole second, so setting it again gives exactly the same modification time.
      const stamp = Math.floor(Date.now() / 1000) - 60;
      rewrite((team) => team);
      utimesSync(setup.teamFile, stamp, stamp);
      await everyReplicaAnswers('trader2', 200);
      // Past a poll of every replica, so each has seen the file with this modification time.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // Same length, same modification time: only SIGHUP tells a replica to look. A replica whose
      // poll falls between the write and the time's reset sees a change and reads the file (seen
      // once in a full run on a loaded machine): the step is then made again, with another name
      // of the same length, until no replica polled in between.
      const jonas = clientsOf('trader2');
      const pollReads = () => setup.replicas.map((replica) => replica.stderr().split('read again (the file changed)').length);
      let known = 'Jonas Berger';
      let written = '';
      for (const name of ['Jonas Bergen', 'Jonas Bergem', 'Jonas Berget']) {
        const before = pollReads();
        rewrite((team) => ({
          ...team,
          members: team.members.map((member) => (member.userKey === userKeyOf('trader2') ? { ...member, name } : member)),
        }));
        utimesSync(setup.teamFile, stamp, stamp);
        await new Promise((resolve) => setTimeout(resolve, 5000));
        if (pollReads().every((count, index) => count === before[index])) {
          written = name;
          break;
        }
        known = name;
      }
      expect(written).not.toBe('');
      for (const client of jonas)
        expect((await client.call<TeamDescription>('GET', '/v1/team')).body.Me.Name).toBe(known);
      for (const replica of setup.replicas) replica.child.kill('SIGHUP');
      await vi.waitFor(
        async () => {
          for (const client of jonas)
            expect((await client.call<TeamDescription>('GET', '/v1/team')).body.Me.Name).toBe(written);
        },
        { timeout: 10_000, interval: 250 },
      );
      for (const replica of setup.replicas)
        expect(replica.stderr()).toContain('team file read again (asked to (SIGHUP))');
    }, 60_000);
  },
);
