#!/usr/bin/env node
/**
 * Electronegativity over main, preload and renderer together (so its global checks — CSP,
 * navigation limits, permission handler — see the whole app), told the Electron version
 * package.json pins (it cannot detect it from sources and would otherwise assume 0.1.0, running
 * checks of long-removed APIs and skipping those of today's). Fails on any finding of medium
 * severity or above that security/electronegativity-allowlist.json does not justify with a
 * reason; lower findings are listed, and may be justified there too. Electronegativity itself
 * always exits 0, hence this script.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOTS = ['main', 'preload', 'renderer'];
const BLOCKING = new Set(['MEDIUM', 'HIGH', 'CRITICAL']);
const ALLOWLIST = 'security/electronegativity-allowlist.json';

/**
 * The findings of Electronegativity's CSV. Its `sample` column holds source code whose quotes
 * are not always escaped, so rows are recognised by their well-formed leading columns (check,
 * severity, confidence, file, location) at the start of a line; sample continuation lines are
 * skipped.
 */
export function parseFindings(csv, scanRoot) {
  const row = /^([A-Z0-9_]+),"([A-Z]+)","([A-Z]+)","([^"]*)","([^"]*)",/;
  return csv
    .split(/\r?\n/)
    .map((line) => row.exec(line))
    .filter((match) => match !== null)
    .map(([, check, severity, , file, location]) => ({
      check,
      severity,
      file: file === 'N/A' ? 'N/A' : path.relative(scanRoot, file),
      location,
    }));
}

/** The Electron version package.json pins (devDependencies.electron, e.g. "45.4.1"). */
function pinnedElectronVersion() {
  const { devDependencies = {}, dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
  const version = /\d+\.\d+\.\d+/.exec(devDependencies.electron ?? dependencies.electron ?? '')?.[0];
  if (!version) {
    console.error('package.json pins no Electron version (devDependencies.electron): Electronegativity would assume 0.1.0.');
    process.exit(1);
  }
  return version;
}

const electronVersion = pinnedElectronVersion();
const scanRoot = mkdtempSync(path.join(tmpdir(), 'refdesk-scan-'));
try {
  for (const root of ROOTS) cpSync(root, path.join(scanRoot, root), { recursive: true });
  const report = path.join(scanRoot, 'electronegativity.csv');
  console.log(`Electronegativity, assuming Electron ${electronVersion} (package.json)`);
  const run = spawnSync('npx', ['electronegativity', '-i', scanRoot, '-o', report, '-e', electronVersion], { encoding: 'utf8' });
  let csv;
  try {
    csv = readFileSync(report, 'utf8');
  } catch {
    console.error(`Electronegativity wrote no report:\n${run.stderr}`);
    process.exit(1);
  }
  const all = parseFindings(csv, scanRoot);
  if (all.length === 0 && csv.split('\n').length > 2) {
    console.error('Could not read any finding from the Electronegativity report; its format changed?');
    process.exit(1);
  }
  const findings = all.filter((finding) => BLOCKING.has(finding.severity));

  const { entries } = JSON.parse(readFileSync(ALLOWLIST, 'utf8'));
  const unjustified = entries.filter((entry) => typeof entry.reason !== 'string' || entry.reason.trim().length < 20);
  const allowed = (finding) => entries.some((entry) => entry.check === finding.check && entry.file === finding.file);
  const blocking = findings.filter((finding) => !allowed(finding));
  const stale = entries.filter((entry) => !all.some((f) => f.check === entry.check && f.file === entry.file));

  for (const finding of all) {
    const verdict = allowed(finding) ? 'allowed ' : BLOCKING.has(finding.severity) ? 'BLOCKING' : 'note    ';
    console.log(`${verdict} ${finding.severity} ${finding.check} ${finding.file}:${finding.location}`);
  }
  for (const entry of stale) console.log(`note: allow-list entry no longer needed: ${entry.check} ${entry.file}`);
  for (const entry of unjustified) console.log(`BLOCKING allow-list entry without a reason: ${entry.check} ${entry.file}`);
  const failed = blocking.length + unjustified.length;
  console.log(`Electronegativity: ${findings.length} findings of medium severity or above, ${failed} not justified.`);
  process.exit(failed > 0 ? 1 : 0);
} finally {
  rmSync(scanRoot, { recursive: true, force: true });
}
