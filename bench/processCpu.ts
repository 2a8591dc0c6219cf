/**
 * CPU time of processes, read from /proc (Linux): how much work a run cost, which stays
 * meaningful when the machine is shared and wall-clock figures swing with other people's load.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of process `pid`, or 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** `parent` and its direct children (a PostgreSQL server and its backends). */
export function processTree(parent: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [parent, ...children];
}

/** A CPU meter over processes found again at each reading (backends come and go). */
export function cpuMeter(find: () => number[]): () => number {
  const start = new Map(find().map((pid) => [pid, cpuSecondsOf(pid)]));
  return () => find().reduce((total, pid) => total + cpuSecondsOf(pid) - (start.get(pid) ?? 0), 0);
}

/** A meter of the share of all cores' time spent busy (not idle or waiting on I/O), from /proc/stat. */
export function machineBusyMeter(): () => number {
  const read = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // The first eight fields: guest time is counted in user already.
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
    return { total, idle: ticks[3]! + ticks[4]! };
  };
  const start = read();
  return () => {
    const end = read();
    const total = end.total - start.total;
    return total > 0 ? 1 - (end.idle - start.idle) / total : 0;
  };
}
