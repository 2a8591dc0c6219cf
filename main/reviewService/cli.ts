/**
 * `npm run review-service -- --database postgres://… --issuer URL --platform-url URL --team team.json
 * --audit-key FILE`: one replica of the team review service. Every option can also come from the
 * environment (keep the database password out of the command line: REFDESK_REVIEW_DATABASE_URL
 * or PGPASSWORD). Prints `READY {json}` once listening; reads the team file again on SIGHUP (and
 * when it changes); stops cleanly on SIGINT/SIGTERM.
 *
 * Two more commands: `create-audit-key --audit-key FILE` (a new key sealing the audit log) and
 * `verify-audit --team FILE --audit-key FILE --database URL` (exit 1 naming the first entry that
 * does not verify).
 */
import { readFileSync } from 'node:fs';
import { closeOnSignals, parsePort, printReady, runCommand, UsageError } from '../node/cli';
import { AuditChainError } from './audit/auditChain';
import { createAuditKeyCommand, verifyAuditCommand } from './audit/auditCommands';
import {
  auditKeyOf,
  databaseUrlOf,
  parseUrl,
  readOptions,
  required,
  teamOf,
  wholeNumber,
  type Option,
} from './cliOptions';
import { DatabaseMissingError } from './database/createDatabase';
import { SchemaTooNewError } from './database/migrate';
import { describeFailure } from './errors';
import { startReviewService } from './server';

const DEFAULT_PORT = 8750;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function readPem(option: Option, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--${option}: cannot read ${file} (${(error as Error).message})`);
  }
}

async function serve(argv: string[]): Promise<void> {
  const { values, flags } = readOptions(argv);
  const databaseUrl = databaseUrlOf(values);
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
      "the platform's API base, ending in /openapi (asked, with the caller's token, whether sign-ins are still valid and for the facts of events marked reviewed)",
    ),
    ['https:', 'http:'],
  );
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
  const { team, file: teamFile } = teamOf(values);
  const auditKey = auditKeyOf(values);

  const service = await startReviewService({
    databaseUrl,
    ...(migrateDatabaseUrl ? { migrateDatabaseUrl } : {}),
    team,
    teamFile,
    issuer,
    ...(jwksUrl ? { jwksUrl } : {}),
    platformUrl,
    auditKey,
    host,
    port: parsePort(values.port, DEFAULT_PORT),
    ...(tls ? { tls } : {}),
    ...(heartbeat ? { heartbeatSeconds: Math.max(1, Number(heartbeat)) } : {}),
    ...(requestTimeoutSeconds ? { requestTimeoutSeconds } : {}),
    limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
    logRequests: flags.verbose ?? false,
  }).catch((error: unknown) => {
    // A schema from the future, or an audit log this replica cannot continue, is the operator's to resolve: say so plainly, no stack.
    if (
      error instanceof SchemaTooNewError ||
      error instanceof AuditChainError ||
      error instanceof DatabaseMissingError
    )
      throw new UsageError(error.message);
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
}

runCommand(async () => {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'create-audit-key') {
    process.stdout.write(`${createAuditKeyCommand(readOptions(rest).values)}\n`);
    return;
  }
  if (command === 'verify-audit') {
    const { text, ok } = await verifyAuditCommand(readOptions(rest).values);
    process.stdout.write(`${text}\n`);
    process.exitCode = ok ? 0 : 1;
    return;
  }
  await serve(process.argv.slice(2));
});
