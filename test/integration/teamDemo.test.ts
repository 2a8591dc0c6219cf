/**
 * `npm run team-demo` end to end: its entry started as a user starts it, READY with the desks'
 * settings, a replica answering a demo user's token with the demo team, and SIGTERM (what
 * Ctrl+C amounts to) leaving no process and no folder behind. Also the service creating its
 * database when its role may, and saying clearly when it may not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerLoginPage } from '../support/loginPage';
import { postgresMissingReason, startTestPostgres } from '../support/postgres';
import { startReplica, writeAuditKey, writeTeamFile } from '../support/reviewService';
import { startReadyProcess, type ReadyProcess } from '../support/simulatorProcess';
import { startTestIssuer } from '../support/testIssuer';

const missing = postgresMissingReason();

interface TeamDemoReady {
  folder: string;
  platform: { baseUrl: string; authUrl: string; appKey: string };
  replicas: string[];
  members: { login: string; name: string; userKey: string; roles: string[] }[];
}

/** A demo user's access token (implicit flow through the platform's login page). */
async function tokenOf(
  platform: TeamDemoReady['platform'],
  username: string,
  password: string,
): Promise<string> {
  const authorize = new URL(`${platform.authUrl}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'token',
    client_id: platform.appKey,
    redirect_uri: 'http://127.0.0.1/refdesk/callback',
    state: 'team-demo-test',
  }).toString();
  const location = await answerLoginPage(authorize.href, { username, password, decision: 'allow' });
  const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token');
  if (!token) throw new Error(`no token for ${username}: ${location}`);
  return token;
}

/** Command lines of running processes that mention `text` (the demo's folder). */
function processesMentioning(text: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text));
}

describe.skipIf(missing)(`npm run team-demo${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let demo: ReadyProcess<TeamDemoReady> | undefined;
  afterAll(async () => {
    await demo?.stop();
  });

  it('starts a database, the platform and two replicas, serves a demo token, and leaves nothing behind', async () => {
    demo = await startReadyProcess<TeamDemoReady>(
      process.execPath,
      ['--import', 'tsx', path.resolve('main/teamDemo/cli.ts'), '--scale', 'small'],
      { timeoutMs: 240_000 },
    );
    const { folder, platform, replicas, members } = demo.ready;
    expect(replicas).toHaveLength(2);
    expect(members.map((member) => member.login)).toEqual(['demo', 'trader2', 'admin']);
    expect(existsSync(path.join(folder, 'team.json'))).toBe(true);

    const token = await tokenOf(platform, 'trader2', 'refdesk-trader2');
    for (const replica of replicas) {
      const response = await fetch(`${replica}/v1/team`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(JSON.stringify(await response.json())).toContain('Clara Lindqvist');
    }
    expect(processesMentioning(folder).length).toBeGreaterThan(0);

    expect(await demo.stop()).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(processesMentioning(folder)).toEqual([]);
  }, 300_000);
});

describe.skipIf(missing)('the review service and a database that does not exist yet', () => {
  it('creates it when its role may, and names the database and role when it may not', async () => {
    const postgres = await startTestPostgres();
    const issuer = await startTestIssuer();
    try {
      const options = {
        issuer: issuer.issuer,
        platformUrl: issuer.platformUrl,
        teamFile: writeTeamFile(),
        auditKeyFile: writeAuditKey().file,
      };
      const created = await startReplica({ ...options, databaseUrl: postgres.url('review_created') });
      await created.stop();
      const listed = await postgres.sql(
        'postgres',
        "SELECT 1 FROM pg_database WHERE datname = 'review_created'",
      );
      expect(listed.rowCount).toBe(1);

      await postgres.sql('postgres', 'CREATE ROLE review_login LOGIN NOCREATEDB');
      const refused = startReplica({
        ...options,
        databaseUrl: postgres.url('review_missing', 'review_login'),
      });
      await expect(refused).rejects.toThrow(
        /database "review_missing" does not exist and role "review_login" may not create it/,
      );
    } finally {
      await issuer.close();
      postgres.remove();
    }
  }, 120_000);
});
