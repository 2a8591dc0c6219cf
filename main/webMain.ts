/**
 * Entry of the web shell on its own (`node out/main/web.js`, or via tsx in development).
 */
import { runCommand } from './node/cli';
import { runWebShell } from './app/runWebShell';

runCommand(() => runWebShell(process.argv.slice(2)));
