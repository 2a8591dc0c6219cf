#!/usr/bin/env node
/**
 * `npm run dev`: rebuilds the renderer and the Node bundles on every change and runs the web
 * shell from them (reload the browser window to see renderer changes; main-side changes
 * restart the shell). Uses the web shell because it runs everywhere; `npm start` picks Electron
 * where a binary exists.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['vite', 'build', '--watch', '--logLevel', 'warn'], { stdio: 'inherit' }),
  spawn('node', ['scripts/build-node.mjs', '--watch'], { stdio: 'inherit' }),
  spawn('node', ['--watch-path=out/main', 'out/main/web.js', ...process.argv.slice(2)], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
