/**
 * The review service's command-line options: each flag, the environment variable that stands
 * in for it (keep the database password off the command line), and the checks every command
 * shares (URLs, the team file, the audit key), each failure a UsageError in words.
 */
import { parseCommandLine, UsageError } from '../node/cli';
import { loadAuditKey, type AuditKey } from './audit/auditKey';
import { Team } from './team';

/** Each option and the environment variable that stands in for it. */
export const OPTIONS = {
  database: 'REFDESK_REVIEW_DATABASE_URL',
  'migrate-database': 'REFDESK_REVIEW_MIGRATE_DATABASE_URL',
  port: 'REFDESK_REVIEW_PORT',
  host: 'REFDESK_REVIEW_HOST',
  issuer: 'REFDESK_REVIEW_ISSUER',
  jwks: 'REFDESK_REVIEW_JWKS_URL',
  'platform-url': 'REFDESK_REVIEW_PLATFORM_URL',
  team: 'REFDESK_REVIEW_TEAM_FILE',
  'audit-key': 'REFDESK_REVIEW_AUDIT_KEY_FILE',
  'tls-cert': 'REFDESK_REVIEW_TLS_CERT',
  'tls-key': 'REFDESK_REVIEW_TLS_KEY',
  heartbeat: 'REFDESK_REVIEW_HEARTBEAT_SECONDS',
  'request-timeout': 'REFDESK_REVIEW_REQUEST_TIMEOUT_SECONDS',
  'member-requests-per-second': 'REFDESK_REVIEW_MEMBER_REQUESTS_PER_SECOND',
  'member-actions-per-second': 'REFDESK_REVIEW_MEMBER_ACTIONS_PER_SECOND',
  'member-streams': 'REFDESK_REVIEW_MEMBER_STREAMS',
} as const;
export type Option = keyof typeof OPTIONS;
export type OptionValues = Partial<Record<Option, string>>;

/** The flags and environment of a command line; an empty value counts as not given. */
export function readOptions(argv: string[]): {
  values: OptionValues;
  flags: { 'plain-http'?: boolean; verbose?: boolean };
} {
  const { values: flags } = parseCommandLine(argv, {
    ...(Object.fromEntries(Object.keys(OPTIONS).map((option) => [option, { type: 'string' }])) as Record<
      Option,
      { type: 'string' }
    >),
    'plain-http': { type: 'boolean' },
    verbose: { type: 'boolean' },
  });
  const values: OptionValues = {};
  for (const option of Object.keys(OPTIONS) as Option[])
    values[option] = flags[option] || process.env[OPTIONS[option]] || undefined;
  return { values, flags: { 'plain-http': flags['plain-http'], verbose: flags.verbose } };
}

export function required(values: OptionValues, option: Option, what: string): string {
  const value = values[option];
  if (!value) throw new UsageError(`--${option} (or ${OPTIONS[option]}) is required: ${what}`);
  return value;
}

export function parseUrl(option: Option, value: string, protocols: string[]): string {
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
export function wholeNumber(values: OptionValues, option: Option, min: number, max: number): number | undefined {
  const value = values[option];
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  return Number(value);
}

/** The team database's URL (required). */
export function databaseUrlOf(values: OptionValues): string {
  return parseUrl('database', required(values, 'database', 'the PostgreSQL database of the team'), [
    'postgres:',
    'postgresql:',
  ]);
}

/** The team file (required) and the team it names. */
export function teamOf(values: OptionValues): { team: Team; file: string } {
  const file = required(values, 'team', 'the team file (JSON: id, name, appKeys, members, fourEyes)');
  try {
    return { team: Team.load(file), file };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function auditKeyOf(values: OptionValues): AuditKey {
  const file = required(
    values,
    'audit-key',
    "the file holding the key that seals the team's audit log (create one with create-audit-key)",
  );
  try {
    return loadAuditKey(file);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
