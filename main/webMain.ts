/**
 * Entry of the web shell on its own (`node out/main/web.js`, or via tsx in development). The
 * cached universe's roll starts first, in a worker, and the simulator's signing key pair on the
 * thread pool; the rest of the app is loaded after them (dynamic imports), so they overlap.
 */
import { startEarlyUniverseRoll } from './app/earlyUniverseRoll';
import { prepareRsaKeyPairs } from './simulator/auth/rsaKeyPairs';

const earlyUniverseRoll = startEarlyUniverseRoll();
prepareRsaKeyPairs(1);
const [{ runCommand }, { runWebShell }] = await Promise.all([import('./node/cli'), import('./app/runWebShell')]);
runCommand(() => runWebShell(process.argv.slice(2), { earlyUniverseRoll }));
