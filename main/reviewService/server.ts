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
import { migrateDatabase, knownMigrations } from './database/migrate';
import { createServicePool } from './database/pool';
import { installErrorHandlers } from './errors';
import { registerRoutes } from './http/routes';
import { registerStream } from './http/stream';
import { ChangeFeed } from './live/changeFeed';
import { PlatformClient } from './platform/platformClient';
import { forgetOldRequests } from './review/requests';
import type { Team } from './team';

export interface ReviewServiceOptions {
  /** Where the service works (it takes the role refdesk_review_service on every connection). */
  databaseUrl: string;
  /** Who applies migrations at start (owner of the schema); default `databaseUrl`. */
  migrateDatabaseUrl?: string;
  team: Team;
  /** The authorization server, exactly as tokens carry it in `iss`. */
  issuer: string;
  /** Its published keys; default `{issuer}/.well-known/jwks.json`. */
  jwksUrl?: string;
  /** The platform's base URL, ending in /openapi: events marked reviewed are read there with the caller's token. */
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
  close(): Promise<void>;
}

/** Migrates, connects and listens; throws (nothing left running) when any of that fails. */
export async function startReviewService(options: ReviewServiceOptions): Promise<RunningReviewService> {
  const log = options.log ?? (() => {});
  const migrationsApplied = await migrateDatabase(options.migrateDatabaseUrl ?? options.databaseUrl, log);
  const pool = createServicePool(options.databaseUrl, log, options.poolSize);
  const feed = new ChangeFeed(options.databaseUrl, pool, options.team.id, log);
  const platform = new PlatformClient(options.platformUrl);
  // Old idempotency keys are forgotten now and then (a desk retries for seconds).
  const forgetting = setInterval(
    () => void forgetOldRequests(pool, options.team.id).catch(() => {}),
    10 * 60_000,
  );
  forgetting.unref();
  const app = Fastify({
    logger: options.logRequests ? { level: 'info' } : false,
    bodyLimit: 2 * 1024 * 1024,
    ...(options.tls ? { https: options.tls } : {}),
  });
  try {
    await sealAuditChain(pool, options.team.id, options.auditKey);
    await feed.start();
    installErrorHandlers(app);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    });
    const jwksUrl = options.jwksUrl ?? defaultJwksUrl(options.issuer);
    const checkCaller = createCallerCheck(options.team, { issuer: options.issuer, jwksUrl, log });
    const authenticate = (request: FastifyRequest) => checkCaller(request.headers.authorization);
    registerRoutes(app, { pool, team: options.team, authenticate, auditKey: options.auditKey, platform });
    const endStreams = registerStream(app, {
      feed,
      pool,
      team: options.team.id,
      authenticate,
      heartbeatMs: (options.heartbeatSeconds ?? 15) * 1000,
    });
    app.addHook('preClose', async () => endStreams());
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
      close: () => closeAll(app, feed, pool, platform, forgetting),
    };
  } catch (error) {
    await closeAll(app, feed, pool, platform, forgetting);
    throw error;
  }
}

async function closeAll(
  app: ReturnType<typeof Fastify>,
  feed: ChangeFeed,
  pool: pg.Pool,
  platform: PlatformClient,
  forgetting: NodeJS.Timeout,
): Promise<void> {
  clearInterval(forgetting);
  await app.close();
  await feed.close();
  await pool.end();
  await platform.close();
}
