/**
 * Wall-clock times of a time zone as instants, for the trading sessions of every exchange.
 *
 * Why not luxon's DateTime.fromObject, as before: it asks ICU for the zone's offset (a
 * formatToParts call) two or three times per conversion, and the exchanges list converts
 * some 18,000 phase boundaries on a process's first request: 0.55 s of a cold start's event
 * loop, while the app's page was loading from the same process. A zone's offset changes at
 * most a few times a year and never twice in a day, so it is asked once per zone and UTC day
 * here, and exactly only on the day of a change.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC in minutes at `epochMs`, asked of ICU. */
function exactOffset(zone: string, epochMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Math.round((wallClock - wholeSecond) / MINUTE_MS);
}

/** Per zone and UTC day: the offset all day long, or undefined on a day the offset changes. */
const steadyDays = new Map<string, number | undefined>();

/** The zone's offset from UTC in minutes at `epochMs`. */
export function offsetMinutes(zone: string, epochMs: number): number {
  const dayStart = Math.floor(epochMs / DAY_MS) * DAY_MS;
  const key = `${zone}|${dayStart}`;
  if (!steadyDays.has(key)) {
    const atStart = exactOffset(zone, dayStart);
    steadyDays.set(key, atStart === exactOffset(zone, dayStart + DAY_MS - 1) ? atStart : undefined);
  }
  return steadyDays.get(key) ?? exactOffset(zone, epochMs);
}

/**
 * The instant a zone's clocks show the wall-clock time `wallClockMs` (that time's fields read as
 * UTC). A time the clocks skip (spring forward) is read with the offset before the change, so
 * it lands just after the gap, as luxon does; of a time they show twice (fall back), the earlier.
 */
export function wallClockToEpoch(zone: string, wallClockMs: number): number {
  const before = offsetMinutes(zone, wallClockMs - DAY_MS);
  const after = offsetMinutes(zone, wallClockMs + DAY_MS);
  const withBefore = wallClockMs - before * MINUTE_MS;
  if (before === after) return withBefore;
  const withAfter = wallClockMs - after * MINUTE_MS;
  const beforeHolds = offsetMinutes(zone, withBefore) === before;
  const afterHolds = offsetMinutes(zone, withAfter) === after;
  if (beforeHolds && afterHolds) return Math.min(withBefore, withAfter);
  if (afterHolds) return withAfter;
  return withBefore;
}
