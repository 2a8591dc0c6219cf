/**
 * Starts a command that prints `READY {json}` (simulator, web shell) as a child process, and
 * makes sure it is killed when the test run ends so no pipe outlives the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

export interface ReadyProcess<T> {
  ready: T;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Everything the process wrote to stdout so far (the web shell's LISTENING line comes before READY). */
  stdout: () => string;
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns `command args` and resolves with the parsed READY json (rejects on early exit or
 * timeout); `line` names another line to wait for instead (the web shell's LISTENING).
 */
export async function startReadyProcess<T>(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; line?: 'READY' | 'LISTENING' } = {},
): Promise<ReadyProcess<T>> {
  const prefix = `${options.line ?? 'READY'} `;
  const child = spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = '';
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${prefix}within ${options.timeoutMs ?? 30_000} ms: ${stderr}`)), options.timeoutMs ?? 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(prefix.length)) as T);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${prefix.trim()} (its output: ${JSON.stringify(stdout)}): ${stderr}`));
    });
  });
  return {
    ready,
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    async stop() {
      // Already gone (exited, or killed by a signal as a test may do).
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

/**
 * Starts the simulator's CLI from its TypeScript source in one Node process, tsx as its loader.
 * Not through tsx's own command: that wrapper kills its child outright when the child has not
 * taken a signal within 60 ms (a busy moment on a loaded machine), so SIGTERM would not stop
 * the simulator the way it stops for its users.
 */
export function startSimulatorCli<T>(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ReadyProcess<T>> {
  return startReadyProcess<T>(process.execPath, ['--import', 'tsx', SIMULATOR_CLI, ...args], options);
}

const SIMULATOR_CLI = path.resolve('main/simulator/cli.ts');
