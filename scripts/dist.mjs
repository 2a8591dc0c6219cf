#!/usr/bin/env node
/**
 * `npm run dist`: builds the app and packages it with electron-builder (needs the Electron zip,
 * so it works only where it can be fetched or is cached).
 *
 * electron-builder rebuilds native modules for Electron's ABI inside node_modules, which breaks
 * them for plain Node (tests, web shell, simulator). Whatever happens, put the Node build back.
 */
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

let status = run('npm', ['run', '--silent', 'build']);
if (status === 0) status = run('npx', ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
const restored = run('npm', ['rebuild', 'better-sqlite3', 'keytar']);
if (restored !== 0) console.error('Could not rebuild native modules for Node: run `npm rebuild better-sqlite3 keytar`.');
process.exit(status || restored);
