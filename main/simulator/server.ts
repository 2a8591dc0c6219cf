/**
 * The embedded simulator of the whole service: one Fastify server bound to 127.0.0.1 with the
 * API under `/openapi` and the authorization server under `/auth`. No Electron code here: the
 * desktop app, the web shell, the standalone CLI and the tests all start it through this file.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { loadCountries } from './data/countries';
import { installErrorHandlers } from './http/errors';
import { registerRefRoutes } from './http/routes/ref';

/** Path of the service's API on the simulator; `baseUrl` ends with it. */
export const API_PREFIX = '/openapi';
/** Path of the authorization server (`/authorize`, `/token`) on the simulator. */
export const AUTH_PREFIX = '/auth';

export interface SimulatorOptions {
  /** TCP port; 0 picks a free one. */
  port?: number;
  /** Log requests to stderr (the CLI's `--verbose`). */
  logRequests?: boolean;
}

/** What a started simulator reports (also the JSON of the CLI's READY line). */
export interface SimulatorInfo {
  baseUrl: string;
  authUrl: string;
  port: number;
}

export interface RunningSimulator {
  info: SimulatorInfo;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Only loopback: the simulator is a local service and must never listen on other interfaces. */
const LOOPBACK = '127.0.0.1';

/** Builds the Fastify app with every route, without listening (tests use inject()). */
export async function buildSimulatorApp(options: SimulatorOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logRequests ? { level: 'info' } : false,
    // Route ids (AppKey, EventId) are short; a longer parameter is an error, not a lookup.
    routerOptions: { maxParamLength: 500 },
  });
  installErrorHandlers(app);
  const countries = loadCountries();
  await app.register(
    async (api) => {
      registerRefRoutes(api, { countries });
    },
    { prefix: API_PREFIX },
  );
  return app;
}

/** Starts the simulator on 127.0.0.1 and resolves once it accepts connections. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const app = await buildSimulatorApp(options);
  await app.listen({ host: LOOPBACK, port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Simulator did not bind a TCP port');
  const origin = `http://${LOOPBACK}:${address.port}`;
  return {
    app,
    info: { baseUrl: `${origin}${API_PREFIX}`, authUrl: `${origin}${AUTH_PREFIX}`, port: address.port },
    close: () => app.close(),
  };
}
