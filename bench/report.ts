/**
 * The one benchmark report: every section's figures in reports/bench/latest.json and a
 * Markdown rendering in reports/bench/latest.md, each numeric figure with its ratio to the same
 * figure of the previous saved run (the in-run references — bare Fastify route, direct HTTP —
 * are reported by the sections themselves).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SectionResult {
  name: string;
  seconds: number;
  figures?: Record<string, unknown>;
  error?: string;
}

export interface BenchReport {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  sections: SectionResult[];
}

export const REPORT_DIR = path.join('reports', 'bench');

/** Every numeric leaf of a figures object, keyed by its dotted path. */
export function numericLeaves(value: unknown, prefix = ''): Map<string, number> {
  const leaves = new Map<string, number>();
  if (typeof value === 'number' && Number.isFinite(value)) leaves.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, number] of numericLeaves(child, prefix ? `${prefix}.${key}` : key)) leaves.set(leaf, number);
    }
  }
  return leaves;
}

export function machineFacts(): BenchReport['machine'] {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

function loadPrevious(file: string): BenchReport | undefined {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchReport) : undefined;
  } catch {
    return undefined;
  }
}

const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3));

/** Renders the report as Markdown, with ratios to the previous run's figures where present. */
export function renderMarkdown(report: BenchReport, previous?: BenchReport): string {
  const lines = [
    `# RefDesk benchmark report`,
    '',
    `Run ${report.startedAt} on ${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}.`,
    previous ? `Ratios compare with the previous run of ${previous.startedAt}.` : 'No previous run saved: no ratios to it.',
    '',
  ];
  for (const section of report.sections) {
    lines.push(`## ${section.name} (${section.seconds.toFixed(1)} s)`, '');
    if (section.error) {
      lines.push(`Failed: ${section.error}`, '');
      continue;
    }
    const before = numericLeaves(previous?.sections.find((s) => s.name === section.name)?.figures);
    lines.push('| figure | value | vs previous run |', '| --- | ---: | ---: |');
    for (const [figure, value] of numericLeaves(section.figures)) {
      const old = before.get(figure);
      const ratio = old !== undefined && old !== 0 ? `${format(value / old)}×` : '—';
      lines.push(`| ${figure} | ${format(value)} | ${ratio} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Saves the report (the last one becomes `previous.json`) and returns the Markdown. */
export function saveReport(report: BenchReport): { markdown: string; jsonFile: string; markdownFile: string } {
  mkdirSync(REPORT_DIR, { recursive: true });
  const jsonFile = path.join(REPORT_DIR, 'latest.json');
  const previousFile = path.join(REPORT_DIR, 'previous.json');
  if (existsSync(jsonFile)) renameSync(jsonFile, previousFile);
  const previous = loadPrevious(previousFile);
  const markdown = renderMarkdown(report, previous);
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const markdownFile = path.join(REPORT_DIR, 'latest.md');
  writeFileSync(markdownFile, markdown);
  return { markdown, jsonFile, markdownFile };
}
