import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { offsetMinutes, wallClockToEpoch } from '../../main/simulator/calendar/zoneOffsets';

const ZONES = ['America/New_York', 'America/Chicago', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Sao_Paulo'];
const HOUR_MS = 3_600_000;

/** The wall-clock fields of `epochMs` read as UTC, as wallClockToEpoch takes them. */
function wallClock(year: number, month: number, day: number, hour: number, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute);
}

describe('a zone’s wall-clock times as instants (the trading sessions’ conversion)', () => {
  it('agrees with luxon at every hour of 2026 that the clocks show once', () => {
    for (const zone of ZONES) {
      for (let local = Date.UTC(2026, 0, 1); local < Date.UTC(2027, 0, 1); local += HOUR_MS) {
        const fields = new Date(local);
        const luxon = DateTime.fromObject(
          { year: fields.getUTCFullYear(), month: fields.getUTCMonth() + 1, day: fields.getUTCDate(), hour: fields.getUTCHours(), minute: fields.getUTCMinutes() },
          { zone },
        );
        // Shown twice (fall back): luxon's pick depends on today's offset; checked below instead.
        const ambiguous = luxon.offset !== DateTime.fromMillis(luxon.toMillis() - HOUR_MS, { zone }).offset && luxon.minus({ hours: 1 }).hour === luxon.hour;
        if (!ambiguous) expect(wallClockToEpoch(zone, local), `${zone} ${fields.toISOString()}`).toBe(luxon.toMillis());
      }
    }
  });

  it('puts a time the clocks skip just after the gap, and takes the earlier of a time shown twice', () => {
    // New York springs forward at 02:00 on 8 March 2026 and falls back at 02:00 on 1 November.
    expect(new Date(wallClockToEpoch('America/New_York', wallClock(2026, 3, 8, 2, 30))).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(wallClockToEpoch('America/New_York', wallClock(2026, 11, 1, 1, 30))).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Berlin falls back at 03:00 on 25 October 2026: 02:30 is first CEST (00:30Z), then CET.
    expect(new Date(wallClockToEpoch('Europe/Berlin', wallClock(2026, 10, 25, 2, 30))).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('knows the offset on the day it changes, before and after the change', () => {
    const change = Date.UTC(2026, 2, 8, 7); // 02:00 EST, 8 March 2026
    expect(offsetMinutes('America/New_York', change - 60_000)).toBe(-300);
    expect(offsetMinutes('America/New_York', change)).toBe(-240);
    expect(offsetMinutes('Asia/Kolkata', change)).toBe(330);
  });
});
