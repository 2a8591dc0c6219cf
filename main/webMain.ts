/**
 * Entry of the web shell on its own (`node out/main/web.js`, or via tsx in development). The
 * early work (startEarlyWork.ts) starts first; the rest of the app is loaded after it (dynamic
 * imports), so the two overlap.
 */
import { startEarlyWork } from './app/startEarlyWork';

const earlyUniverseRoll = startEarlyWork();
const [{ runCommand }, { runWebShell }] = await Promise.all([import('./node/cli'), import('./app/runWebShell')]);
runCommand(() => runWebShell(process.argv.slice(2), { earlyUniverseRoll }));
