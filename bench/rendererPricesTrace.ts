/**
 * Where the renderer's main thread spends a window, by trace event: for finding what the busy
 * share of `rendererPrices` is made of beyond the script, style and layout CDP reports (paint,
 * pre-paint, layerize, commit, hit testing, the bridge's messages...). A Chromium trace
 * (`devtools.timeline`) of the window is summed per event name as self time (an event's time less
 * its children's) on the page's main thread. With REFDESK_RENDERER_PRICES_TRACE=<file> the
 * bench writes the trace there and prints the heaviest events; it costs time of its own, so it
 * is for finding where the time goes, not for the figure.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'cc',
];

/** Starts tracing; the returned function stops it and resolves with the trace's events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

/** The renderer main thread: the thread the trace names CrRendererMain with the most complete events. */
function mainThreadOf(events: TraceEvent[]): string | undefined {
  const mains = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const counts = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph === 'X' && mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Self milliseconds per event name on the main thread, heaviest first, with the wall time covered. */
export function selfTimeByEvent(events: TraceEvent[]): { wallMs: number; rows: [string, number][] } {
  const main = mainThreadOf(events);
  const complete = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const event of complete) {
    while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur!);
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
    stack.push(event);
  }
  const first = complete[0]?.ts ?? 0;
  const last = complete.reduce((end, event) => Math.max(end, event.ts + event.dur!), first);
  const rows = [...self.entries()].map(([name, us]): [string, number] => [name, us / 1000]);
  return { wallMs: (last - first) / 1000, rows: rows.sort((a, b) => b[1] - a[1]) };
}

/** Writes the trace to `file` and prints its heaviest events as shares of the wall time. */
export function reportTrace(events: TraceEvent[], file: string, count = 20): void {
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  const { wallMs, rows } = selfTimeByEvent(events);
  console.log(
    `[renderer prices] trace in ${file}; main thread self time by event over ${(wallMs / 1000).toFixed(1)} s:`,
  );
  for (const [name, ms] of rows.slice(0, count))
    console.log(`  ${((ms / wallMs) * 100).toFixed(1).padStart(5)}% ${name} (${Math.round(ms)} ms)`);
}
