/**
 * Review service replicas in the test's own process, for one describe block: a throw-away
 * PostgreSQL cluster and a test issuer (the platform) started before its tests, replicas started
 * as each test asks (on the databases it creates), and everything closed after them. Replicas
 * that must be killed the way a crash would are real processes instead (reviewService.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import { startReviewService, type RunningReviewService } from '../../main/reviewService/server';
import { Team } from '../../main/reviewService/team';
import { startTestPostgres, type TestPostgres } from './postgres';
import { ANALYST_A, ANALYST_B, writeAuditKey, writeTeamFile } from './reviewService';
import { TeamReviewClient } from './reviewServiceClient';
import { startTestIssuer, type TestIssuer } from './testIssuer';

export interface InProcessReviewServices {
  /** The test team (writeTeamFile's): its id names its rows. */
  readonly team: Team;
  readonly postgres: TestPostgres;
  readonly issuer: TestIssuer;
  /** Starts a replica on `databaseUrl` (1 s stream heartbeats), closed after the block's tests. */
  start(databaseUrl: string, extra?: { migrateDatabaseUrl?: string }): Promise<RunningReviewService>;
  /** The two analysts' clients of one replica. */
  clientsOf(service: RunningReviewService): readonly [TeamReviewClient, TeamReviewClient];
}

/** Call in a describe block: registers its beforeAll and afterAll. */
export function inProcessReviewServices(): InProcessReviewServices {
  const team = Team.load(writeTeamFile());
  const auditKey = writeAuditKey().key;
  const started: RunningReviewService[] = [];
  let postgres: TestPostgres | undefined;
  let issuer: TestIssuer | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} starts in beforeAll: use it inside a test.`);
    return value;
  };

  beforeAll(async () => {
    postgres = await startTestPostgres();
    issuer = await startTestIssuer();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(started.map((service) => service.close().catch(() => {})));
    await issuer?.close();
    postgres?.remove();
  });

  const services: InProcessReviewServices = {
    team,
    get postgres() {
      return ready(postgres, 'PostgreSQL cluster');
    },
    get issuer() {
      return ready(issuer, 'test issuer');
    },
    async start(databaseUrl, extra = {}) {
      const platform = services.issuer;
      const service = await startReviewService({
        databaseUrl,
        team,
        issuer: platform.issuer,
        platformUrl: platform.platformUrl,
        auditKey,
        heartbeatSeconds: 1,
        ...extra,
      });
      started.push(service);
      return service;
    },
    clientsOf: (service) =>
      [
        new TeamReviewClient([service.info.url], () => services.issuer.token(ANALYST_A.userKey)),
        new TeamReviewClient([service.info.url], () => services.issuer.token(ANALYST_B.userKey)),
      ] as const,
  };
  return services;
}
