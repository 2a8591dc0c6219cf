/**
 * The standalone simulator's start once cli.ts has read its arguments (and begun a new day's roll
 * meanwhile): the checks that need the simulator's modules, the start, READY and the stop.
 */
import { closeOnSignals, parsePort, printReady, UsageError, type CommandValues } from '../node/cli';
import { simulatorCacheDir } from '../node/paths';
import { progressDisplay } from './cliProgress';
import { DEFAULT_SEED, parseAsOf, SCALES, type Scale } from './data/universeChoice';
import { parseMarketTime } from './market/marketClock';
import type { UniverseProgress } from './data/universeProgress';
import type { EarlyUniverseRoll } from './data/universeRollEarly';
import { corsOriginsOption } from './http/cors';
import type { RateLimits } from './http/rateLimit';
import { startSimulator } from './server';
import type { SIMULATOR_OPTIONS } from './cli';

function parseScale(value: string | undefined): Scale {
  if (value === undefined) return 'default';
  if (!(SCALES as readonly string[]).includes(value))
    throw new UsageError(`--scale must be one of ${SCALES.join(', ')} (got "${value}")`);
  return value as Scale;
}

function parseSeed(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SEED;
  if (!/^\d{1,9}$/.test(value))
    throw new UsageError(`--seed must be a whole number up to 9 digits (got "${value}")`);
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

/** `--market-time hh:mm`: the market's UTC time of day when it starts (default: the clock's). */
function parseMarketTimeOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (parseMarketTime(value) === undefined)
    throw new UsageError(`--market-time must be a UTC time of day hh:mm, 00:00 to 23:59 (got "${value}")`);
  return value;
}

/** A whole number of seconds or requests within [min, max], for the auth and rate-limit options. */
function parseWholeNumber(
  option: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${option} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

/** `--rate-limit 0` turns rate limiting off; the other limits keep their generous defaults unless given. */
function parseRateLimits(
  values: Partial<Record<'rate-limit' | 'rate-limit-search' | 'rate-limit-app-day', string>>,
): Partial<RateLimits> | false {
  const sessionPerMinute = parseWholeNumber('rate-limit', values['rate-limit'], 0, 1_000_000);
  if (sessionPerMinute === 0) return false;
  const instrumentSearchPerMinute = parseWholeNumber(
    'rate-limit-search',
    values['rate-limit-search'],
    1,
    1_000_000,
  );
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

/** A roll the worker made before the simulator loaded, said as the roll's own progress would end. */
async function reportEarlyRoll(
  early: EarlyUniverseRoll,
  show: (progress: UniverseProgress) => void,
): Promise<void> {
  const rolled = await early.result;
  if (!rolled) return;
  show({
    kind: 'roll',
    step: `to ${rolled.day}`,
    stepIndex: 1,
    stepCount: 1,
    fraction: 1,
    elapsedMs: rolled.elapsedMs,
    done: true,
  });
}

/** Starts the simulator the arguments describe, with the roll cli.ts began, and stops it on a signal. */
export async function runSimulator(
  values: CommandValues<typeof SIMULATOR_OPTIONS>,
  early: EarlyUniverseRoll,
): Promise<void> {
  const tokenTtlSeconds = parseWholeNumber('token-ttl', values['token-ttl'], 1, 86_400);
  const refreshTokenTtlSeconds = parseWholeNumber(
    'refresh-token-ttl',
    values['refresh-token-ttl'],
    1,
    30 * 86_400,
  );
  const loginSessionTtlSeconds = parseWholeNumber(
    'login-session-ttl',
    values['login-session-ttl'],
    1,
    30 * 86_400,
  );
  const asOf = parseAsOfOption(values['as-of']);
  const marketTime = parseMarketTimeOption(values['market-time']);
  const showProgress = values.progress === true || process.stderr.isTTY === true;
  const corsOrigins = parseCorsOrigins(values['cors-origins']);
  if (showProgress) void reportEarlyRoll(early, progressDisplay(process.stderr));
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
    // A new day's first start finds its universe rolled (universeAhead.ts).
    prepareNextDay: true,
    rolledBefore: early.result,
    ...(asOf ? { asOf } : {}),
    ...(marketTime !== undefined ? { marketTime } : {}),
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
  // Before READY: a client that stops the simulator as soon as it reads the line (a bench, a
  // test's harness) found no handler at times and killed it unclosed, its universe's next day unprepared.
  closeOnSignals(() => simulator.close());
  printReady(simulator.info);
  simulator.prepareForRequests();
}
