/**
 * `npm run simulator -- --port 0`: the simulator on its own, for other clients and tests.
 * Prints `READY {json}` once listening; stops cleanly on SIGINT/SIGTERM. While it generates or
 * rolls its universe it draws a progress bar on stderr (on a terminal, or with `--progress`).
 */
import { closeOnSignals, parseCommandLine, parsePort, printReady, runCommand, UsageError } from '../node/cli';
import { simulatorCacheDir } from '../node/paths';
import { progressDisplay } from './cliProgress';
import { parseAsOf, SCALES, type Scale } from './data/universe';
import { corsOriginsOption } from './http/cors';
import type { RateLimits } from './http/rateLimit';
import { DEFAULT_SEED, startSimulator } from './server';

function parseScale(value: string | undefined): Scale {
  if (value === undefined) return 'default';
  if (!(SCALES as readonly string[]).includes(value)) throw new UsageError(`--scale must be one of ${SCALES.join(', ')} (got "${value}")`);
  return value as Scale;
}

function parseSeed(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SEED;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`--seed must be a whole number up to 9 digits (got "${value}")`);
  return Number(value);
}

/** `--as-of yyyy-mm-dd`: the day to simulate (default: today). */
function parseAsOfOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  try {
    return parseAsOf(value);
  } catch (error) {
    throw new UsageError(`--as-of: ${(error as Error).message}`);
  }
}

/** A whole number of seconds or requests within [min, max], for the auth and rate-limit options. */
function parseWholeNumber(option: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

/** `--rate-limit 0` turns rate limiting off; the other limits keep their generous defaults unless given. */
function parseRateLimits(values: Partial<Record<'rate-limit' | 'rate-limit-search' | 'rate-limit-app-day', string>>): Partial<RateLimits> | false {
  const sessionPerMinute = parseWholeNumber('rate-limit', values['rate-limit'], 0, 1_000_000);
  if (sessionPerMinute === 0) return false;
  const instrumentSearchPerMinute = parseWholeNumber('rate-limit-search', values['rate-limit-search'], 1, 1_000_000);
  const appPerDay = parseWholeNumber('rate-limit-app-day', values['rate-limit-app-day'], 1, 1_000_000_000);
  return {
    ...(sessionPerMinute !== undefined ? { sessionPerMinute } : {}),
    ...(instrumentSearchPerMinute !== undefined ? { instrumentSearchPerMinute } : {}),
    ...(appPerDay !== undefined ? { appPerDay } : {}),
  };
}

/** `--cors-origins a,b`: the origins whose pages may call the simulator (default: any). */
function parseCorsOrigins(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const origins = value.split(',').map((origin) => origin.trim());
  try {
    corsOriginsOption(origins);
  } catch (error) {
    throw new UsageError(`--cors-origins takes comma-separated origins: ${(error as Error).message}`);
  }
  return origins;
}

runCommand(async () => {
  const { values } = parseCommandLine(process.argv.slice(2), {
    port: { type: 'string' },
    scale: { type: 'string' },
    seed: { type: 'string' },
    'cache-dir': { type: 'string' },
    regenerate: { type: 'boolean' },
    'as-of': { type: 'string' },
    progress: { type: 'boolean' },
    verbose: { type: 'boolean' },
    'data-dir': { type: 'string' },
    'keep-identity': { type: 'boolean' },
    'token-ttl': { type: 'string' },
    'refresh-token-ttl': { type: 'string' },
    'login-session-ttl': { type: 'string' },
    'rate-limit': { type: 'string' },
    'rate-limit-search': { type: 'string' },
    'rate-limit-app-day': { type: 'string' },
    'cors-origins': { type: 'string' },
    'strict-oauth': { type: 'boolean' },
  });
  const tokenTtlSeconds = parseWholeNumber('token-ttl', values['token-ttl'], 1, 86_400);
  const refreshTokenTtlSeconds = parseWholeNumber('refresh-token-ttl', values['refresh-token-ttl'], 1, 30 * 86_400);
  const loginSessionTtlSeconds = parseWholeNumber('login-session-ttl', values['login-session-ttl'], 1, 30 * 86_400);
  const asOf = parseAsOfOption(values['as-of']);
  const showProgress = values.progress === true || process.stderr.isTTY === true;
  const corsOrigins = parseCorsOrigins(values['cors-origins']);
  const simulator = await startSimulator({
    port: parsePort(values.port, 0),
    scale: parseScale(values.scale),
    seed: parseSeed(values.seed),
    // --cache-dir names the cache folder as REFDESK_CACHE_DIR does (universes in its simulator/).
    // A folder given with --cache-dir is the caller's to tidy; the default one is ours.
    ...(values['cache-dir']
      ? { cacheDir: simulatorCacheDir(values['cache-dir']) }
      : { cacheDir: simulatorCacheDir(), pruneStaleUniverses: true }),
    regenerate: values.regenerate ?? false,
    ...(asOf ? { asOf } : {}),
    ...(showProgress ? { onProgress: progressDisplay(process.stderr) } : {}),
    logRequests: values.verbose ?? false,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    // Its clients' stored sessions outlive a restart, as the embedded simulator's do.
    keepIdentity: values['keep-identity'] ?? false,
    ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}),
    ...(refreshTokenTtlSeconds !== undefined ? { refreshTokenTtlSeconds } : {}),
    ...(loginSessionTtlSeconds !== undefined ? { loginSessionTtlSeconds } : {}),
    rateLimit: parseRateLimits(values),
    ...(corsOrigins !== undefined ? { corsOrigins } : {}),
    ...(values['strict-oauth'] === true ? { strictOAuth: true } : {}),
  });
  printReady(simulator.info);
  simulator.prepareForRequests();
  closeOnSignals(() => simulator.close());
});
