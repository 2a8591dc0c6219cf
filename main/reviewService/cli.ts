/**
 * `npm run review-service -- --database postgres://… --issuer URL --platform-url URL --team team.json`:
 * one replica of the team review service. Every option can also come from the environment (keep
 * the database password out of the command line: REFDESK_REVIEW_DATABASE_URL or PGPASSWORD).
 * Prints `READY {json}` once listening; reads the team file again on SIGHUP (and when it
 * changes); stops cleanly on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { closeOnSignals, parseCommandLine, parsePort, printReady, runCommand, UsageError } from '../node/cli';
import { SchemaTooNewError } from './database/migrate';
import { describeFailure } from './errors';
import { startReviewService } from './server';
import { Team } from './team';

/** Each option and the environment variable that stands in for it. */
const OPTIONS = {
  database: 'REFDESK_REVIEW_DATABASE_URL',
  'migrate-database': 'REFDESK_REVIEW_MIGRATE_DATABASE_URL',
  port: 'REFDESK_REVIEW_PORT',
  host: 'REFDESK_REVIEW_HOST',
  issuer: 'REFDESK_REVIEW_ISSUER',
  jwks: 'REFDESK_REVIEW_JWKS_URL',
  'platform-url': 'REFDESK_REVIEW_PLATFORM_URL',
  team: 'REFDESK_REVIEW_TEAM_FILE',
  'tls-cert': 'REFDESK_REVIEW_TLS_CERT',
  'tls-key': 'REFDESK_REVIEW_TLS_KEY',
  heartbeat: 'REFDESK_REVIEW_HEARTBEAT_SECONDS',
  'request-timeout': 'REFDESK_REVIEW_REQUEST_TIMEOUT_SECONDS',
  'member-requests-per-second': 'REFDESK_REVIEW_MEMBER_REQUESTS_PER_SECOND',
  'member-actions-per-second': 'REFDESK_REVIEW_MEMBER_ACTIONS_PER_SECOND',
  'member-streams': 'REFDESK_REVIEW_MEMBER_STREAMS',
} as const;
type Option = keyof typeof OPTIONS;

const DEFAULT_PORT = 8750;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function required(values: Partial<Record<Option, string>>, option: Option, what: string): string {
  const value = values[option];
  if (!value) throw new UsageError(`--${option} (or ${OPTIONS[option]}) is required: ${what}`);
  return value;
}

function parseUrl(option: Option, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--${option} must be a URL (got "${option.includes('database') ? '<hidden>' : value}")`,
    );
  }
  if (!protocols.includes(url.protocol))
    throw new UsageError(`--${option} must start with ${protocols.join(' or ')}`);
  return value;
}

/** A whole number from `min` to `max`, or undefined when not given. */
function wholeNumber(
  values: Partial<Record<Option, string>>,
  option: Option,
  min: number,
  max: number,
): number | undefined {
  const value = values[option];
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  return Number(value);
}

function readPem(option: Option, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--${option}: cannot read ${file} (${(error as Error).message})`);
  }
}

runCommand(async () => {
  const { values: flags } = parseCommandLine(process.argv.slice(2), {
    ...(Object.fromEntries(Object.keys(OPTIONS).map((option) => [option, { type: 'string' }])) as Record<
      Option,
      { type: 'string' }
    >),
    'plain-http': { type: 'boolean' },
    verbose: { type: 'boolean' },
  });
  const values: Partial<Record<Option, string>> = {};
  for (const option of Object.keys(OPTIONS) as Option[])
    values[option] = flags[option] || process.env[OPTIONS[option]] || undefined; // empty means not given

  const databaseUrl = parseUrl(
    'database',
    required(values, 'database', 'the PostgreSQL database of the team'),
    ['postgres:', 'postgresql:'],
  );
  const migrateDatabaseUrl =
    values['migrate-database'] &&
    parseUrl('migrate-database', values['migrate-database'], ['postgres:', 'postgresql:']);
  const issuer = parseUrl(
    'issuer',
    required(values, 'issuer', "the authorization server's URL, as tokens carry it in iss"),
    ['https:', 'http:'],
  );
  const jwksUrl = values.jwks && parseUrl('jwks', values.jwks, ['https:', 'http:']);
  const platformUrl = parseUrl(
    'platform-url',
    required(
      values,
      'platform-url',
      "the platform's API base, ending in /openapi (asked whether callers' sign-ins are still valid)",
    ),
    ['https:', 'http:'],
  );
  const teamFile = required(values, 'team', 'the team file (JSON: id, name, appKeys, members, fourEyes)');
  const host = values.host ?? '127.0.0.1';
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key']))
    throw new UsageError('--tls-cert and --tls-key go together');
  const tls =
    values['tls-cert'] && values['tls-key']
      ? { cert: readPem('tls-cert', values['tls-cert']), key: readPem('tls-key', values['tls-key']) }
      : undefined;
  if (!LOOPBACK.has(host) && !tls && !flags['plain-http']) {
    throw new UsageError(
      `--host ${host} would carry bearer tokens over plain HTTP: give --tls-cert and --tls-key, ` +
        'or --plain-http when a TLS-terminating load balancer is in front of every replica',
    );
  }
  const heartbeat = values.heartbeat;
  if (heartbeat !== undefined && !/^\d{1,4}$/.test(heartbeat))
    throw new UsageError(`--heartbeat must be whole seconds (got "${heartbeat}")`);
  const requestTimeoutSeconds = wholeNumber(values, 'request-timeout', 1, 600);
  const limits = {
    requestsPerSecond: wholeNumber(values, 'member-requests-per-second', 1, 100_000),
    actionsPerSecond: wholeNumber(values, 'member-actions-per-second', 1, 1_000_000),
    streams: wholeNumber(values, 'member-streams', 1, 1000),
  };
  let team: Team;
  try {
    team = Team.load(teamFile);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const service = await startReviewService({
    databaseUrl,
    ...(migrateDatabaseUrl ? { migrateDatabaseUrl } : {}),
    team,
    teamFile,
    platformUrl,
    issuer,
    ...(jwksUrl ? { jwksUrl } : {}),
    host,
    port: parsePort(values.port, DEFAULT_PORT),
    ...(tls ? { tls } : {}),
    ...(heartbeat ? { heartbeatSeconds: Math.max(1, Number(heartbeat)) } : {}),
    ...(requestTimeoutSeconds ? { requestTimeoutSeconds } : {}),
    limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
    logRequests: flags.verbose ?? false,
  }).catch((error: unknown) => {
    // A schema from the future is the operator's to resolve: say so plainly, no stack.
    if (error instanceof SchemaTooNewError) throw new UsageError(error.message);
    throw error;
  });
  printReady(service.info);
  // Only the operator stops a replica: a promise some code forgot to handle is a bug to log,
  // not a reason to take the whole team's service down (Node's default ends the process).
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(
      `${new Date().toISOString()} unhandled rejection, kept running: ${describeFailure(reason)}\n`,
    ),
  );
  process.on('SIGHUP', () => service.reloadTeam());
  closeOnSignals(() => service.close());
});
