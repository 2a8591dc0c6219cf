/**
 * Entry of the web shell on its own (`node out/main/web.js`, or via tsx in development).
 */
import { runCommand } from '../core/cli';
import { runWebShell } from './start';

runCommand(() => runWebShell(process.argv.slice(2)));
