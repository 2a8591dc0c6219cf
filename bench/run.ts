/**
 * `npm run bench`: every benchmark section in one run, one JSON and one Markdown report
 * (reports/bench/latest.{json,md}). Each section prints its own figures and the ratio to its
 * in-run reference (a bare Fastify route, a direct HTTP call); the report adds the ratio to the
 * previous saved run.
 *
 *   npm run bench                       all sections, default scale
 *   npm run bench -- --large            also the large scale (1,000,000+ instruments; slow the first time)
 *   npm run bench -- --only ipc,events  some sections (startup: launch to data on screen, new day and warm)
 *   npm run bench -- --only teamReview  the team review service on PostgreSQL (needs postgresql installed)
 *   npm run bench -- --only simulatorMarket  quotes streamed to 50 connections, SPX first expiry with prices
 *   npm run bench -- --only rendererPrices   the renderer's main thread while 200 chain rows stream
 */
import { parseArgs } from 'node:util';
import { benchIpcOverhead } from './ipcOverhead';
import { machineFacts, saveReport, type BenchReport, type SectionResult } from './report';
import { benchRendererPrices } from './rendererPrices';
import { benchRendererTrader } from './rendererTrader';
import { benchSimulatorEvents } from './simulatorEvents';
import { benchSimulatorMarket } from './simulatorMarket';
import { benchSimulatorReference } from './simulatorReference';
import { benchSoak } from './soak';
import { benchStartup } from './startup';
import { benchTeamReview } from './teamReview';

const { values } = parseArgs({
  options: { large: { type: 'boolean' }, only: { type: 'string' } },
  strict: true,
});
const scales: ('default' | 'large')[] = values.large ? ['default', 'large'] : ['default'];

const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  reference: () => benchSimulatorReference({ scales }),
  events: () => benchSimulatorEvents({ scales }),
  simulatorMarket: () => benchSimulatorMarket(),
  ipc: () => benchIpcOverhead(),
  renderer: () => benchRendererTrader(),
  rendererPrices: () => benchRendererPrices(),
  soak: () => benchSoak({ seconds: Number(process.env.REFDESK_SOAK_SECONDS ?? 300) }),
  startup: () => benchStartup({ scales }),
  teamReview: () => benchTeamReview({ seconds: Number(process.env.REFDESK_TEAM_REVIEW_SECONDS ?? 60) }),
};

const chosen = values.only ? values.only.split(',').map((name) => name.trim()) : Object.keys(sections);
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}

const report: BenchReport = { startedAt: new Date().toISOString(), machine: machineFacts(), sections: [] };
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result: SectionResult = { name, seconds: 0 };
  try {
    result.figures = await sections[name]!();
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    console.error(`section ${name} failed: ${result.error}`);
  }
  result.seconds = (performance.now() - started) / 1000;
  report.sections.push(result);
}

const saved = saveReport(report);
console.log(`\n${saved.markdown}\nSaved ${saved.jsonFile} and ${saved.markdownFile}.`);
process.exit(report.sections.some((section) => section.error) ? 1 : 0);
