/**
 * Entry of the web shell on its own (`node out/main/web.js`, or via tsx in development). The
 * cached universe's roll starts first, in a worker, and the rest of the app is loaded after it
 * (dynamic imports), so the two overlap.
 */
import { startEarlyUniverseRoll } from './app/earlyUniverseRoll';

const earlyUniverseRoll = startEarlyUniverseRoll();
const [{ runCommand }, { runWebShell }] = await Promise.all([import('./node/cli'), import('./app/runWebShell')]);
runCommand(() => runWebShell(process.argv.slice(2), { earlyUniverseRoll }));
