/**
 * The team review service: a stateless Fastify server over PostgreSQL. Start any number of
 * replicas on the same database; each applies pending migrations at start (once, under a lock),
 * serves the API, and fans the team's committed changes out to its live streams.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sealAuditChain } from './audit/auditChain';
import type { AuditKey } from './audit/auditKey';
import { createCallerCheck, defaultJwksUrl } from './auth/identity';
import { createRevocationCheck } from './auth/revocation';
import { migrateDatabase, knownMigrations } from './database/migrate';
import { createServicePool } from './database/pool';
import { installErrorHandlers } from './errors';
import { installCallerChecks } from './http/callers';
import { DEFAULT_MEMBER_LIMITS, MemberRateLimits, type MemberLimits } from './http/memberLimits';
import { OpenStreams } from './http/openStreams';
import { registerRoutes } from './http/routes';
import { registerStream } from './http/stream';
import { ChangeFeed } from './live/changeFeed';
import { createPlatformClient, type PlatformClient } from './platform/platformClient';
import { forgetOldRequests } from './review/requests';
import type { Team } from './team';
import { watchTeamFile, type TeamWatcher } from './teamWatcher';

export interface ReviewServiceOptions {
  /** Where the service works (it takes the role refdesk_review_service on every connection). */
  databaseUrl: string;
  /** Who applies migrations at start (owner of the schema); default `databaseUrl`. */
  migrateDatabaseUrl?: string;
  team: Team;
  /** The file `team` was read from: watched, and read again by reloadTeam(), so changes apply without a restart. */
  teamFile?: string;
  /** The authorization server, exactly as tokens carry it in `iss`. */
  issuer: string;
  /** Its published keys; default `{issuer}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /**
   * The platform's API base (ending in /openapi), always asked with the caller's token: whether it
   * still honours the token, and the facts of every event marked reviewed.
   */
  platformUrl: string;
  /** The key sealing the team's audit log (held outside the database; the same for every replica). */
  auditKey: AuditKey;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** PEM certificate and key to serve HTTPS. */
  tls?: { cert: string; key: string };
  /** Seconds between heartbeat comments on live streams (default 15). */
  heartbeatSeconds?: number;
  /** Connections of this replica's pool (default 10). */
  poolSize?: number;
  log?: (line: string) => void;
  /** Log every request (the CLI's --verbose). */
  logRequests?: boolean;
  /** Limits per member (defaults: DEFAULT_MEMBER_LIMITS). */
  limits?: Partial<MemberLimits>;
  /** Longest time to receive a whole request, headers and body (default 10 s; then 408 and the connection is closed). */
  requestTimeoutSeconds?: number;
}

/** What a started service reports (the JSON of the CLI's READY line; no secrets). */
export interface ReviewServiceInfo {
  url: string;
  port: number;
  team: { id: string; name: string };
  issuer: string;
  jwksUrl: string;
  platformUrl: string;
  /** The fingerprint of the audit key (not the key). */
  auditKeyId: string;
  /** The newest migration this version knows (the schema version it runs). */
  schemaVersion: string;
  /** Migrations applied by this start (empty when the database was current). */
  migrationsApplied: string[];
}

export interface RunningReviewService {
  info: ReviewServiceInfo;
  /** Reads the team file again now (SIGHUP); false when it was refused (the reason is logged) or there is none. */
  reloadTeam(): boolean;
  close(): Promise<void>;
}

/** Migrates, connects and listens; throws (nothing left running) when any of that fails. */
export async function startReviewService(options: ReviewServiceOptions): Promise<RunningReviewService> {
  const log = options.log ?? (() => {});
  const migrationsApplied = await migrateDatabase(options.migrateDatabaseUrl ?? options.databaseUrl, log);
  const pool = createServicePool(options.databaseUrl, log, options.poolSize);
  const feed = new ChangeFeed(options.databaseUrl, pool, options.team.id, log);
  const platform = createPlatformClient(options.platformUrl);
  // Old idempotency keys are forgotten now and then (a desk retries for seconds).
  const forgetting = setInterval(
    () => void forgetOldRequests(pool, options.team.id).catch(() => {}),
    10 * 60_000,
  );
  forgetting.unref();
  const requestTimeout = (options.requestTimeoutSeconds ?? 10) * 1000;
  // The whole request (headers and body) must arrive within requestTimeout, checked every
  // second: a client that sends headers and then nothing is cut off, not left holding a socket.
  const serverTimeouts = { headersTimeout: requestTimeout, connectionsCheckingInterval: 1000 };
  const app = Fastify({
    logger: options.logRequests ? { level: 'info' } : false,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout,
    ...(options.tls ? { https: { ...options.tls, ...serverTimeouts } } : { http: serverTimeouts }),
  });
  let watcher: TeamWatcher | undefined;
  try {
    await sealAuditChain(pool, options.team.id, options.auditKey);
    await feed.start();
    installErrorHandlers(app, log);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    });
    const jwksUrl = options.jwksUrl ?? defaultJwksUrl(options.issuer);
    const checkCaller = createCallerCheck(options.team, { issuer: options.issuer, jwksUrl, log });
    const revocation = createRevocationCheck(platform, log);
    const limits = { ...DEFAULT_MEMBER_LIMITS, ...options.limits };
    const { callerOf } = installCallerChecks(
      app,
      async (authorization) => {
        const caller = await checkCaller(authorization);
        await revocation.confirm(caller.token, caller.tokenExpiresAt);
        return caller;
      },
      new MemberRateLimits(limits),
    );
    // The caller was checked (token, team, platform, rate) by the onRequest hook, before the body.
    const authenticate = async (request: FastifyRequest) => callerOf(request);
    registerRoutes(app, {
      pool,
      team: options.team,
      authenticate,
      auditKey: options.auditKey,
      platform,
      ownWrite: () => feed.ownWrite(),
      commits: feed,
    });
    const streams = new OpenStreams(options.team, revocation, limits.streams);
    const endStreams = registerStream(app, {
      feed,
      pool,
      team: options.team.id,
      authenticate,
      heartbeatMs: (options.heartbeatSeconds ?? 15) * 1000,
      streams,
    });
    app.addHook('preClose', async () => endStreams());
    if (options.teamFile)
      watcher = watchTeamFile(options.teamFile, options.team, { log, onChange: () => streams.enforceTeam() });
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
    const port = (app.server.address() as { port: number }).port;
    const host =
      options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
    return {
      info: {
        url: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
        port,
        team: { id: options.team.id, name: options.team.name },
        issuer: options.issuer,
        jwksUrl,
        platformUrl: options.platformUrl,
        auditKeyId: options.auditKey.id,
        schemaVersion: knownMigrations().at(-1) ?? 'none',
        migrationsApplied,
      },
      reloadTeam: () => watcher?.reload('asked to (SIGHUP)') ?? false,
      close: () => closeAll(app, feed, pool, platform, forgetting, watcher, log),
    };
  } catch (error) {
    await closeAll(app, feed, pool, platform, forgetting, watcher, log);
    throw error;
  }
}

/**
 * How long each part of a stop may take before the stop goes on without it. A stop that waited
 * for ever (a pooled client never given back, a request to a platform that stopped answering)
 * held a replica for minutes in the tests; the line logged names the part that held it.
 */
const STOP_PART_MS = 3_000;

async function stopPart(name: string, work: () => Promise<unknown>, log: (line: string) => void, late?: () => string | void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_PART_MS)));
  const outcome = await Promise.race([work().then(() => 'done' as const, (error: unknown) => log(`stopping: ${name}: ${(error as Error).message}`)), overran]);
  clearTimeout(timer);
  if (outcome === 'late') log(`stopping: ${name} did not finish within ${STOP_PART_MS / 1000} s (${late?.() ?? 'no more said'}); going on without it`);
}

async function closeAll(
  app: ReturnType<typeof Fastify>,
  feed: ChangeFeed,
  pool: pg.Pool,
  platform: PlatformClient,
  forgetting: NodeJS.Timeout,
  watcher: TeamWatcher | undefined,
  log: (line: string) => void,
): Promise<void> {
  clearInterval(forgetting);
  watcher?.close();
  await stopPart('the HTTP server', () => app.close(), log, () => {
    // Connections still busy after the streams ended: cut, or the process never exits.
    app.server.closeAllConnections();
    return 'its open connections were cut';
  });
  await stopPart('the change feed', () => feed.close(), log);
  await stopPart('the database pool', () => pool.end(), log, () => `${pool.totalCount - pool.idleCount} client(s) still in use, ${pool.waitingCount} waiting`);
  await stopPart('the platform client', () => platform.close(), log);
}
