/**
 * `npm run review-service`: configured by flags or environment variables, READY with what an
 * operator needs (and no secrets), clear refusals with exit code 2, HTTPS when given a
 * certificate, a clean stop on SIGTERM.
 */
import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissingReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { ANALYST_A, startReplica, writeAuditKey, writeTeamFile } from '../support/reviewService';
import { startTestIssuer, type TestIssuer } from '../support/testIssuer';

const missing = postgresMissingReason();
/** No REFDESK_REVIEW_* of the surrounding shell leaks into a test. */
const cleanEnv = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => name.startsWith('REFDESK_REVIEW_'))
    .map((name) => [name, '']),
);

describe.skipIf(missing)(`npm run review-service${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let postgres: TestPostgres;
  let issuer: TestIssuer;
  let database: string;
  const teamFile = writeTeamFile();
  const auditKeyFile = writeAuditKey().file;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    database = await postgres.createDatabase();
    issuer = await startTestIssuer();
  }, 60_000);

  afterAll(async () => {
    await issuer?.close();
    postgres?.remove();
  });

  it('starts from environment variables alone, prints READY without secrets, serves, and stops on SIGTERM', async () => {
    const databaseUrl = postgres.url(database).replace('refdesk_admin@', 'refdesk_admin:a-secret-password@');
    // Empty flags count as not given: the environment says it all.
    const replica = await startReplica({
      databaseUrl: '',
      issuer: '',
      platformUrl: '',
      teamFile: '',
      auditKeyFile: '',
      env: {
        ...cleanEnv,
        REFDESK_REVIEW_DATABASE_URL: databaseUrl,
        REFDESK_REVIEW_ISSUER: issuer.issuer,
        REFDESK_REVIEW_PLATFORM_URL: issuer.platformUrl,
        REFDESK_REVIEW_TEAM_FILE: teamFile,
        REFDESK_REVIEW_AUDIT_KEY_FILE: auditKeyFile,
      },
    });
    expect(replica.ready).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      team: { id: 'ca-copenhagen', name: 'Corporate actions, Copenhagen' },
      issuer: issuer.issuer,
      jwksUrl: `${issuer.issuer}/.well-known/jwks.json`,
      platformUrl: issuer.platformUrl,
      auditKeyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      schemaVersion: '0005_team_review_note_rows',
    });
    expect(JSON.stringify(replica.ready)).not.toContain('a-secret-password');
    const team = await fetch(`${replica.ready.url}/v1/team`, {
      headers: { authorization: `Bearer ${await issuer.token(ANALYST_A.userKey)}` },
    });
    expect(team.status).toBe(200);
    expect(await replica.stop()).toBe(0);
  }, 120_000);

  it('refuses unusable settings with a clear message and exit code 2', async () => {
    const base = {
      databaseUrl: postgres.url(database),
      issuer: issuer.issuer,
      platformUrl: issuer.platformUrl,
      teamFile,
      auditKeyFile,
      env: cleanEnv,
    };
    const folder = await mkdtemp(path.join(tmpdir(), 'refdesk-team-'));
    const badTeam = path.join(folder, 'team.json');
    writeFileSync(badTeam, JSON.stringify({ id: 'ca', name: 'CA', appKeys: ['desk'], members: [] }));
    const noApplications = writeTeamFile({ appKeys: undefined });
    const openKey = path.join(folder, 'open.key');
    copyFileSync(auditKeyFile, openKey);
    chmodSync(openKey, 0o644);
    const notAKey = path.join(folder, 'not.key');
    writeFileSync(notAKey, 'short\n', { mode: 0o600 });
    const cases: [Parameters<typeof startReplica>[0], string][] = [
      [{ ...base, databaseUrl: '' }, '--database (or REFDESK_REVIEW_DATABASE_URL) is required'],
      [{ ...base, databaseUrl: 'mysql://x@y/z' }, '--database must start with postgres: or postgresql:'],
      [{ ...base, issuer: '' }, '--issuer (or REFDESK_REVIEW_ISSUER) is required'],
      [
        { ...base, teamFile: noApplications },
        'appKeys: appKeys is required: the AppKeys of the applications whose tokens this team accepts',
      ],
      [
        { ...base, args: ['--member-streams', '0'] },
        '--member-streams must be a whole number from 1 to 1000',
      ],
      [
        { ...base, platformUrl: '' },
        "--platform-url (or REFDESK_REVIEW_PLATFORM_URL) is required: the platform's API base",
      ],
      [{ ...base, auditKeyFile: '' }, '--audit-key (or REFDESK_REVIEW_AUDIT_KEY_FILE) is required'],
      [
        { ...base, auditKeyFile: openKey },
        `The audit key file ${openKey} can be read by other users (mode 644): chmod 600 it.`,
      ],
      [{ ...base, auditKeyFile: notAKey }, `The audit key file ${notAKey} does not hold a key`],
      [
        { ...base, teamFile: badTeam },
        `The team file ${badTeam} is not a usable team definition: members: A team has at least one member.`,
      ],
      [{ ...base, args: ['--host', '0.0.0.0'] }, '--host 0.0.0.0 would carry bearer tokens over plain HTTP'],
      [{ ...base, args: ['--tls-cert', teamFile] }, '--tls-cert and --tls-key go together'],
    ];
    for (const [options, message] of cases) {
      const failure = await startReplica(options).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(failure).toContain('exited with 2');
      expect(failure).toContain(message);
    }
  }, 180_000);

  it('refuses to start on a database migrated by a newer version', async () => {
    const newer = await postgres.createDatabase();
    const first = await startReplica({
      databaseUrl: postgres.url(newer),
      issuer: issuer.issuer,
      platformUrl: issuer.platformUrl,
      teamFile,
      auditKeyFile,
      env: cleanEnv,
    });
    await first.stop();
    await postgres.sql(newer, `INSERT INTO pgmigrations (name, run_on) VALUES ('0099_newer', now())`);
    const failure = await startReplica({
      databaseUrl: postgres.url(newer),
      issuer: issuer.issuer,
      platformUrl: issuer.platformUrl,
      teamFile,
      auditKeyFile,
      env: cleanEnv,
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toContain('exited with 2');
    expect(failure).toContain(
      'migrated by a newer version of the review service (migration 0099_newer unknown',
    );
  }, 120_000);

  it('serves HTTPS with the certificate it is given, also on a non-loopback address', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const folder = await mkdtemp(path.join(tmpdir(), 'refdesk-tls-'));
    writeFileSync(path.join(folder, 'cert.pem'), pems.cert);
    writeFileSync(path.join(folder, 'key.pem'), pems.private);
    const replica = await startReplica({
      databaseUrl: postgres.url(database),
      issuer: issuer.issuer,
      platformUrl: issuer.platformUrl,
      teamFile,
      auditKeyFile,
      env: cleanEnv,
      args: [
        '--host',
        '0.0.0.0',
        '--tls-cert',
        path.join(folder, 'cert.pem'),
        '--tls-key',
        path.join(folder, 'key.pem'),
      ],
    });
    try {
      expect(replica.ready.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const dispatcher = new Agent({ connect: { ca: pems.cert } });
      const health = await undiciFetch(`${replica.ready.url}/v1/health`, { dispatcher });
      expect(health.status).toBe(200);
      await dispatcher.close();
    } finally {
      await replica.stop();
    }
  }, 120_000);
});
