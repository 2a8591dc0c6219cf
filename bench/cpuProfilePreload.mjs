/**
 * `node --import` this to write the main thread's V8 CPU profile on exit (Node 20 refuses
 * `--cpu-prof` in NODE_OPTIONS, and the startup bench starts RefDesk through npm). The folder is
 * REFDESK_STARTUP_CPU_PROFILE; the file is named after the process id. For the bench's trace mode
 * (startupTrace.ts) only.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const folder = process.env.REFDESK_STARTUP_CPU_PROFILE;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  const epochAtStart = Date.now() - performance.now();
  process.on('exit', () => {
    // A session on the thread itself answers synchronously, so the profile is written before exit.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const name = `${path.basename(process.argv[1] ?? 'node')}-${process.pid}.cpuprofile`;
      writeFileSync(path.join(folder, name), JSON.stringify({ ...result.profile, epochAtStart }));
    });
  });
}
