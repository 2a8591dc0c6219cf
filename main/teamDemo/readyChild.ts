/**
 * The team demo's child processes (the simulator, the replicas): each started from its
 * TypeScript entry with tsx as a loader in one Node process (so a signal reaches the server
 * itself), waited for until it prints `READY {json}`, and stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface ReadyChild<T> {
  ready: T;
  child: ChildProcess;
  /** Asks the process to stop (SIGTERM) and waits until it has. */
  stop(): Promise<void>;
}

/** Starts `entry` (a .ts file) with `args`; its stderr goes to ours, prefixed with `label`. */
export async function startReadyChild<T>(
  label: string,
  entry: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ReadyChild<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      process.stderr.write(`[${label}] ${line}\n`);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  let stdout = '';
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} printed no READY within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('READY '));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice('READY '.length)) as T);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code} before it was ready (its messages are above)`));
    });
  });
  return { ready, child, stop };
}
