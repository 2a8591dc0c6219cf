/**
 * `npm run simulator -- --port 0`: the simulator on its own, for other clients and tests.
 * Prints `READY {json}` once listening; stops cleanly on SIGINT/SIGTERM.
 */
import { closeOnSignals, parseCommandLine, parsePort, printReady, runCommand } from '../core/cli';
import { startSimulator } from './server';

runCommand(async () => {
  const { values } = parseCommandLine(process.argv.slice(2), {
    port: { type: 'string' },
    verbose: { type: 'boolean' },
  });
  const simulator = await startSimulator({ port: parsePort(values.port, 0), logRequests: values.verbose ?? false });
  printReady(simulator.info);
  closeOnSignals(() => simulator.close());
});
