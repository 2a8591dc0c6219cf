/**
 * Review service fixtures for tests and the bench: a team file in a temporary folder, and
 * replicas started as real processes (`npm run review-service`'s entry), so a test can kill one
 * the way a crash would.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReviewServiceInfo } from '../../main/reviewService/server';
import { startReadyProcess, type ReadyProcess } from './simulatorProcess';
import { TEST_APP_KEY } from './testIssuer';

/** Members of the test team: two analysts who may approve, a viewer. Keys look like the platform's. */
export const ANALYST_A = { userKey: 'kJmU3v1Zh0q9Qx2wLr4y8A==', name: 'Clara Lindqvist' };
export const ANALYST_B = { userKey: 'Qp7sT2nR5aXc9bVm1eFg3w==', name: 'Jonas Berger' };
export const VIEWER = { userKey: 'Zr8yH3kL6pWq2tNs5vBd1g==', name: 'Amelia Ortiz' };
export const OUTSIDER = { userKey: 'Mx4cV7bN1mQw8eRt6yUi2o==', name: 'Not in the team' };

/**
 * Writes a team file (Clara and Jonas analysts and approvers, Amelia a viewer; accepting the
 * test issuer's application) and returns its path.
 */
export function writeTeamFile(overrides: Record<string, unknown> = {}): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'refdesk-team-'));
  const file = path.join(folder, 'team.json');
  const team = {
    id: 'ca-copenhagen',
    name: 'Corporate actions, Copenhagen',
    appKeys: [TEST_APP_KEY],
    members: [
      { ...ANALYST_A, roles: ['Analyst', 'Approver'] },
      { ...ANALYST_B, roles: ['Analyst', 'Approver'] },
      { ...VIEWER, roles: ['Viewer'] },
    ],
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(team, null, 2));
  return file;
}

export const REVIEW_SERVICE_CLI = path.resolve('main/reviewService/cli.ts');

export interface ReplicaOptions {
  databaseUrl: string;
  issuer: string;
  /** The platform's API base (`--platform-url`). */
  platformUrl: string;
  teamFile: string;
  /** Extra command-line arguments. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts one replica on a free port; resolves once it printed READY. The child is the server's
 * own Node process (tsx as a loader, not tsx's wrapper), so killing it kills the server.
 */
export function startReplica(options: ReplicaOptions): Promise<ReadyProcess<ReviewServiceInfo>> {
  return startReadyProcess<ReviewServiceInfo>(
    process.execPath,
    [
      '--import',
      'tsx',
      REVIEW_SERVICE_CLI,
      '--port',
      '0',
      '--database',
      options.databaseUrl,
      '--issuer',
      options.issuer,
      '--platform-url',
      options.platformUrl,
      '--team',
      options.teamFile,
      ...(options.args ?? []),
    ],
    { timeoutMs: 60_000, ...(options.env ? { env: options.env } : {}) },
  );
}
