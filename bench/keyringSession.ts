/**
 * A real OS keyring for a benchmark's processes, as the tests get one (MACHINE-NOTES): a D-Bus
 * session (`dbus-run-session`) with gnome-keyring unlocked in it, kept alive while the bench
 * runs, its address handed to the processes the bench starts. Its keyring lives in a folder of
 * its own, so a kept session is the bench's alone and survives the restarts it times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface KeyringSession {
  /** The environment that reaches this keyring (D-Bus address, the keyring's data folder). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The shell run inside the session: unlock the keyring, say the bus address, then wait to be ended. */
const INSIDE = 'echo -n bench | gnome-keyring-daemon --unlock --components=secrets >/dev/null && echo "BUS $DBUS_SESSION_BUS_ADDRESS" && exec sleep 100000';

/** Starts the session; rejects with the reason when dbus-run-session or gnome-keyring is missing. */
export async function startKeyringSession(): Promise<KeyringSession> {
  const dataHome = mkdtempSync(path.join(tmpdir(), 'refdesk-bench-keyring-'));
  const child: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', INSIDE], {
    env: { ...process.env, XDG_DATA_HOME: dataHome },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.once('error', (error) =>
      reject(new Error(`no keyring for the bench: ${error.message} (install dbus and gnome-keyring)`)),
    );
    child.once('exit', (code) => reject(new Error(`no keyring for the bench: the D-Bus session ended (${code}): ${errors}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('BUS '));
      if (line) resolve(line.slice(4).trim());
    });
  });
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address, XDG_DATA_HOME: dataHome },
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dataHome, { recursive: true, force: true });
    },
  };
}
