/**
 * Small helpers shared by the command-line entries (simulator, web shell): argument parsing
 * with clear messages, the READY line, and clean shutdown on signals.
 */
import { parseArgs } from 'node:util';
import { markStarted } from './codeCache';

/** Options of a command: every option is a string or a boolean flag. */
export type CommandOptions = Record<string, { type: 'string' | 'boolean' }>;

/** Parsed option values, keyed like the options. */
export type CommandValues<T extends CommandOptions> = {
  [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean;
};

/** Thrown for a command line that cannot be used; the entry prints it and exits 2. */
export class UsageError extends Error {}

/** Parses a port number: an integer from 0 (any free port) to 65535. */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${value}")`);
  }
  return Number(value);
}

/** node:util parseArgs with its errors turned into UsageError. */
export function parseCommandLine<T extends CommandOptions>(argv: string[], options: T): { values: CommandValues<T> } {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values: values as CommandValues<T> };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Prints the one machine-readable line that tools and tests wait for. */
export function printReady(info: object): void {
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
  markStarted();
}

/**
 * Prints the line that says a page may be opened now (the web shell listens, its services may
 * still be starting): printed before READY, for tools that open the page as early as it helps.
 */
export function printListening(info: object): void {
  process.stdout.write(`LISTENING ${JSON.stringify(info)}\n`);
}

/** Longest a clean stop may take before the process exits anyway. */
const STOP_DEADLINE_MS = 15_000;

/** Runs `close` once on SIGINT/SIGTERM, then exits 0 (or 1 if closing failed or took too long). */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const onSignal = () => {
    if (closing) return;
    closing = true;
    // A stop that never ends (a connection or a pooled client that is never given back) must not
    // keep the process: an operator's SIGTERM stops it, within STOP_DEADLINE_MS at the latest.
    setTimeout(() => {
      process.stderr.write(`did not stop within ${STOP_DEADLINE_MS / 1000} s of the signal: exiting now\n`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Runs a CLI main function: usage errors exit 2 with the message, other failures exit 1. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
