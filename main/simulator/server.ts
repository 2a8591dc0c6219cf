/**
 * The embedded simulator of the whole service: one Fastify server bound to 127.0.0.1 with the
 * API under `/openapi` and the authorization server under `/auth`. No Electron code here: the
 * desktop app, the web shell, the standalone CLI and the tests all start it through this file.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { simulatorCacheDir, simulatorDataDir } from '../node/paths';
import { openKeptIdentity, type KeptIdentity } from './auth/identityStore';
import { hasKeptIdentity } from './auth/keptIdentityFile';
import { prepareRsaKeyPairs } from './auth/rsaKeyPairs';
import { prepareExchangeDetails } from './data/reference/exchangeDetails';
import { protectApi, rateLimitSubjectOf } from './auth/protectApi';
import { createSimulatorAuth, type DemoCredentials } from './auth/simulatorAuth';
import type { SimulatorContext } from './context';
import { loadCountries } from './data/reference/countries';
import { generationSteps } from './data/steps';
import {
  openUniverse,
  utcDateOf,
  type EarlierRoll,
  type ProgressListener,
  type Scale,
  type UniverseInfo,
} from './data/universe';
import { fastifyConnectionOptions, type ConnectionLimits } from './http/connectionLimits';
import {
  API_CORS_METHODS,
  AUTH_CORS_METHODS,
  corsHeadersBeforeRouting,
  corsOriginsOption,
  registerCors,
  type CorsOrigins,
} from './http/cors';
import { installErrorHandlers } from './http/errors';
import { refuseEmptySegments, ROUTER_OPTIONS } from './http/paths';
import { registerRateLimits, type RateLimits } from './http/rateLimit';
import { registerAuthServerRoutes } from './http/routes/auth';
import { registerAppsRoutes } from './http/routes/apps';
import { registerCorporateActionsRoutes } from './http/routes/corporateActions';
import { registerAccountsRoutes } from './http/routes/accounts';
import { registerReferenceRoutes } from './http/routes/reference';
import { registerTradingScheduleRoutes } from './http/routes/tradingSchedule';
import { registerTradeOptionsChainRoutes } from './http/routes/tradeOptionsChain';
import { registerTradePriceRoutes } from './http/routes/tradePrices';
import { registerTradeSubscriptionRoutes } from './http/routes/tradeSubscriptions';
import { ReferenceStore } from './data/instruments/store';
import { Market } from './market/market';
import { marketClockOf, marketTimeOf } from './market/marketClock';
import { OptionChains } from './market/optionChain';
import { StreamingHub } from './streaming/hub';
import { streamingLimitsOf, type StreamingLimits } from './streaming/limits';
import type { Trading } from './streaming/trading';
import { serveStreamingSockets } from './streaming/websocket';
import { UniverseAhead } from './data/universeAhead';
import { DEFAULT_SEED } from './data/universeChoice';

/** Path of the service's API on the simulator; `baseUrl` ends with it. */
export const API_PREFIX = '/openapi';
/** Path of the authorization server (`/authorize`, `/token`) on the simulator. */
export const AUTH_PREFIX = '/auth';

export interface SimulatorOptions {
  /** TCP port; 0 picks a free one. */
  port?: number;
  /** Log requests to stderr (the CLI's `--verbose`). */
  logRequests?: boolean;
  /** Size of the generated universe; `small` for tests. */
  scale?: Scale;
  /** Seed of the generated universe. */
  seed?: number;
  /** Where generated universes are cached between runs. */
  cacheDir?: string;
  /** Rebuild the universe even when a cache file exists. */
  regenerate?: boolean;
  /** Delete cached universes of earlier days and other generator versions from `cacheDir` (the app and the CLI do). */
  pruneStaleUniverses?: boolean;
  /**
   * Prepare the next weekday's universe ahead (universeAhead.ts): a while after READY, or as it
   * stops after a new day's start. The app and the CLI do; tests that start and stop simulators
   * by the hundred do not.
   */
  prepareNextDay?: boolean;
  /** The simulator's clock (tests pin it). */
  clock?: () => Date;
  /**
   * The day to simulate (its UTC date): listings, expiries and event states of that day, and the
   * day its days to expiry count from (at the clock's time of day). Default: the clock's day.
   */
  asOf?: Date;
  /**
   * The market's UTC time of day when it starts, `hh:mm` (`--market-time`): the market clock
   * starts at that time of the simulated day and runs on in real time (market/marketClock.ts).
   * Default: the clock's own time of day.
   */
  marketTime?: string | undefined;
  /** Told how generating or rolling the universe advances (the CLI's progress bar, the app's Settings). */
  onProgress?: ProgressListener;
  /**
   * A roll of the cached universe under way in a worker (the app's early roll), reported as this
   * start's: the universe opens once it has settled (the signing key is made meanwhile).
   */
  rolledBefore?: Promise<EarlierRoll | undefined>;
  /** Folder of the simulator's own files (the demo app's certificate); default `<userDataDir>/simulator`. */
  dataDir?: string;
  /**
   * Keep the identity in `dataDir` across starts (identityStore.ts): the signing key, the sessions
   * with their refresh tokens, and the port (port 0 then means the port of the last start while
   * it is free), so clients' stored sessions stay good. The embedded simulator does.
   */
  keepIdentity?: boolean;
  /** Lifetime of access tokens in seconds (default 1200, like the platform). */
  tokenTtlSeconds?: number;
  /** Lifetime of refresh tokens in seconds (default 3600). */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of the authorization server's login session in seconds (default 8 h). */
  loginSessionTtlSeconds?: number;
  /**
   * Hold OAuth clients to the RFCs where the platform is lenient (`--strict-oauth`): PKCE code
   * verifiers of 43 to 128 characters (RFC 7636) instead of the platform's 32 to 128.
   */
  strictOAuth?: boolean;
  /** Rate limits (generous defaults), or false for none. */
  rateLimit?: Partial<RateLimits> | false;
  /** Timeouts and body size (defaults in http/connectionLimits.ts; tests shorten them). */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * Origins whose pages may call the API and the token endpoints (`http://host:port`); absent or
   * empty: any origin (bearer tokens are not ambient credentials).
   */
  corsOrigins?: readonly string[];
  /** Limits of the streaming (connections, subscriptions, resumption; defaults in streaming/limits.ts). */
  streaming?: Partial<StreamingLimits>;
}

/** What a started simulator reports (also the JSON of the CLI's READY line), demo credentials included. */
export interface SimulatorInfo extends DemoCredentials {
  baseUrl: string;
  authUrl: string;
  port: number;
  universe: Omit<UniverseInfo, 'file'>;
  /** Origins whose browser apps may call across origins; `*`: any origin. */
  corsOrigins: '*' | string[];
}

export interface RunningSimulator {
  info: SimulatorInfo;
  app: FastifyInstance;
  context: SimulatorContext;
  /** The market and its streaming (benchmarks read their counts). */
  trading: Trading;
  /**
   * Starts, shortly after (PREPARE_AFTER_MS), the work that makes the first exchanges list fast
   * (the day's exchange calendars), a slice per turn of the event loop. For the caller to start
   * once its own start is done (its READY line): started earlier, the slices go between the steps
   * of that start and delay it.
   */
  prepareForRequests(): void;
  /**
   * The day it simulates now (`yyyy-mm-dd`) when one was set (`asOf`): the simulated day, or a
   * day after it once the clock has passed midnight since the start; undefined when it follows
   * the clock.
   */
  simulatedDay(): string | undefined;
  /**
   * Stops it. With prepareNextDay (universeAhead.ts) it prepares the next weekday's universe first
   * after a new day's start; `{ prepareNextDay: false }` (a restart with other settings) makes
   * none and gives up one under way.
   */
  close(options?: { prepareNextDay?: boolean }): Promise<void>;
}

/** Paths under AUTH_PREFIX that browser apps call with fetch: token, revocation, discovery and keys. */
function isCrossOriginAuthEndpoint(path: string): boolean {
  return path === '/token' || path === '/revoke' || path.startsWith('/.well-known/');
}

/** Only loopback: the simulator is a local service and must never listen on other interfaces. */
const LOOPBACK = '127.0.0.1';

/** Builds the Fastify app with every route, without listening (tests may use inject()). */
export async function buildSimulatorApp(options: SimulatorOptions = {}): Promise<{
  app: FastifyInstance;
  context: SimulatorContext;
  trading: Trading;
  demo: DemoCredentials;
  /** The origins allowed across origins, as the CORS plugin compares them. */
  corsOrigins: CorsOrigins;
  setOrigin(origin: string): void;
  /** The kept identity, when `keepIdentity`. */
  identity: KeptIdentity | undefined;
}> {
  const clock = options.clock ?? (() => new Date());
  // Checked before the universe opens, so bad options leave nothing open.
  const connectionOptions = fastifyConnectionOptions(options.connectionLimits);
  const corsOrigins = corsOriginsOption(options.corsOrigins);
  const dataDir = options.dataDir ?? simulatorDataDir();
  const streamingLimits = streamingLimitsOf(options.streaming);
  const marketStart = marketTimeOf(options.marketTime);
  // The signing key's RSA pair is made on the thread pool while the universe opens (or rolls)
  // below, unless the entry point began it earlier (then this adds none) or a kept one is loaded.
  if (!options.keepIdentity || !hasKeptIdentity(dataDir)) prepareRsaKeyPairs(1);
  const rolledBefore = await options.rolledBefore;
  const universe = openUniverse({
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.scale ?? 'default',
    cacheDir: options.cacheDir ?? simulatorCacheDir(),
    steps: generationSteps,
    asOf: options.asOf ?? utcDateOf(clock()),
    regenerate: options.regenerate ?? false,
    pruneStale: options.pruneStaleUniverses ?? false,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(rolledBefore ? { rolledBefore } : {}),
  });
  let origin = `http://${LOOPBACK}`;
  let identity: KeptIdentity | undefined;
  try {
    identity = options.keepIdentity ? await openKeptIdentity(dataDir, clock()) : undefined;
  } catch (error) {
    universe.close();
    throw error;
  }
  if (identity?.problem) process.stderr.write(`${identity.problem}\n`);
  const { server: auth, demo } = await createSimulatorAuth({
    db: universe.db,
    clock,
    authUrl: () => `${origin}${AUTH_PREFIX}`,
    dataDir,
    ...(identity ? { identity } : {}),
    ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
    ...(options.refreshTokenTtlSeconds !== undefined
      ? { refreshTokenTtlSeconds: options.refreshTokenTtlSeconds }
      : {}),
    ...(options.loginSessionTtlSeconds !== undefined
      ? { loginSessionTtlSeconds: options.loginSessionTtlSeconds }
      : {}),
    ...(options.strictOAuth === true ? { strictOAuth: true } : {}),
  });
  // One clock for the market and the reference reads: the simulated day at the clock's time of
  // day, running on across midnight (market/marketClock.ts); the clock itself without a day.
  const marketClock = marketClockOf(clock, universe.asOf, marketStart);
  const context: SimulatorContext = {
    universe,
    clock,
    simulatedNow: () => new Date(marketClock()),
    countries: loadCountries(),
    origin: () => origin,
    auth,
  };

  const app = Fastify({
    ...connectionOptions,
    logger: options.logRequests ? { level: 'info' } : false,
    routerOptions: ROUTER_OPTIONS,
    // Errors Fastify raises before routing (a malformed URL such as a lone `%`) get the service's shape too.
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply)
        .status(400)
        .headers(corsHeadersBeforeRouting(request, corsOrigins, API_PREFIX))
        .send({ ErrorCode: 'InvalidRequest', Message: error.message });
    },
  });
  const market = new Market(new ReferenceStore(universe.db), options.seed ?? DEFAULT_SEED, marketClock);
  const trading: Trading = {
    market,
    chains: new OptionChains(market.store),
    hub: new StreamingHub({
      market,
      limits: streamingLimits,
      clock,
      // The session is looked up by its id, so a revocation ends the connection even once the
      // token has left the cache of verified tokens (whose check then falls back to the expiry).
      tokenStillValid: ({ token, sessionId }) =>
        auth.sessions.isActive(sessionId) && (auth.verifyKnownAccessToken(token)?.ok ?? true),
    }),
  };
  const stopSockets = serveStreamingSockets(app.server, { hub: trading.hub, auth, apiPrefix: API_PREFIX, corsOrigins });
  // Before the server waits for its connections to end: streaming connections end only when told.
  app.addHook('preClose', async () => {
    trading.hub.close();
    stopSockets();
  });
  app.addHook('onClose', async () => {
    universe.close();
    identity?.close();
  });
  installErrorHandlers(app);
  refuseEmptySegments(app);
  await app.register(
    async (api) => {
      // First, so a preflight is answered before the bearer check and every refusal carries CORS headers.
      await registerCors(api, corsOrigins, API_CORS_METHODS);
      protectApi(api, auth);
      await registerRateLimits(api, options.rateLimit ?? {}, rateLimitSubjectOf(auth));
      registerReferenceRoutes(api, context);
      registerTradingScheduleRoutes(api, context);
      registerAppsRoutes(api, context);
      registerCorporateActionsRoutes(api, context);
      registerAccountsRoutes(api, context);
      registerTradePriceRoutes(api, context, trading);
      registerTradeSubscriptionRoutes(api, context, trading);
      registerTradeOptionsChainRoutes(api, context, trading);
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    async (authScope) => {
      // The login pages (`/authorize`) get no CORS: only the endpoints browser apps call by fetch.
      await registerCors(authScope, corsOrigins, AUTH_CORS_METHODS, isCrossOriginAuthEndpoint);
      await registerAuthServerRoutes(authScope, auth);
    },
    { prefix: AUTH_PREFIX },
  );
  return { app, context, trading, demo, corsOrigins, setOrigin: (value) => (origin = value), identity };
}

/**
 * How long after the start the day's exchange calendars are worked out. A quarter of a second of
 * the event loop, wanted by the first exchanges list only: right at READY it shared the cores with
 * the page's first load (its chunks, the session's calls, the kept place's search), which no
 * longer asks for that list until its first screen has settled (useExchangeOptions.ts).
 */
const PREPARE_AFTER_MS = 2_000;

/** Starts the simulator on 127.0.0.1 and resolves once it accepts connections. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { app, context, trading, demo, corsOrigins, setOrigin, identity } = await buildSimulatorApp(options);
  const port = await listenOnLoopback(app, options.port ?? 0, identity);
  const origin = `http://${LOOPBACK}:${port}`;
  setOrigin(origin);
  const { file, ...universe } = context.universe.info;
  let preparation: ReturnType<typeof setTimeout> | undefined;
  const ahead = options.prepareNextDay
    ? new UniverseAhead({
        // The folder the universe was opened from.
        cacheDir: path.dirname(file),
        scale: universe.scale,
        seed: universe.seed,
        file,
        day: universe.asOf,
        newDay: universe.rolledFrom !== undefined,
      })
    : undefined;
  return {
    app,
    context,
    trading,
    info: {
      baseUrl: `${origin}${API_PREFIX}`,
      authUrl: `${origin}${AUTH_PREFIX}`,
      port,
      universe,
      corsOrigins: corsOrigins === '*' ? '*' : [...corsOrigins],
      ...demo,
    },
    prepareForRequests: () => {
      clearTimeout(preparation);
      // A failure here is the exchanges route's to report, when it is asked.
      preparation = setTimeout(
        () => void prepareExchangeDetails(context.simulatedNow()).catch(() => undefined),
        PREPARE_AFTER_MS,
      ).unref();
      ahead?.later();
    },
    simulatedDay: () => (options.asOf ? context.simulatedNow().toISOString().slice(0, 10) : undefined),
    close: async (closing = {}) => {
      clearTimeout(preparation);
      await app.close();
      if (closing.prepareNextDay === false) return ahead?.stop();
      // After the universe's connection has closed: its roll's pages are in the file, not the WAL.
      const outcome = await ahead?.finish();
      if (outcome?.type === 'failed' || outcome?.type === 'stopped')
        process.stderr.write(
          `The next weekday's universe was not prepared (${outcome.type === 'failed' ? outcome.message : 'it took too long'}): its first start rolls it.\n`,
        );
    },
  };
}

/**
 * Listens on `port`; port 0 with a kept identity means the kept port, while it is free (its
 * issuer, and so the tokens clients keep, are bound to it), and any free port otherwise. The
 * port listened on is kept for the next start.
 */
async function listenOnLoopback(app: FastifyInstance, port: number, identity: KeptIdentity | undefined): Promise<number> {
  const kept = port === 0 ? identity?.port : undefined;
  try {
    if (kept === undefined) await app.listen({ host: LOOPBACK, port });
    else {
      try {
        await app.listen({ host: LOOPBACK, port: kept });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        process.stderr.write(
          `The simulator's port ${kept} is taken by another program; it listens on another one, and sessions kept for the old address end.\n`,
        );
        await app.listen({ host: LOOPBACK, port: 0 });
      }
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Simulator did not bind a TCP port');
  if (address.port !== kept) identity?.keepPort(address.port);
  return address.port;
}
