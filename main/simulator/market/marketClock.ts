/**
 * The market's clock. Prices follow the simulator's clock, shifted by whole days when the
 * simulator runs another day than the clock's (`--as-of`): the market instant is the simulated
 * day's date with the real time of day, and it keeps running across midnight (a simulator
 * started at 23:00 with `--as-of 2026-03-10` quotes 2026-03-10 23:00, then 2026-03-11 00:30 an
 * hour and a half later, as a real market would). So a trader at the desk sees the simulated
 * day's sessions open and close at the real hours, and two simulators with the same seed,
 * day and clock quote the same prices.
 *
 * A market time (`--market-time`, `simulator.marketTime`) starts the market at that UTC time of
 * the simulated day instead of the real one, and it runs on in real time from there: a demo or a
 * test at night or on a weekend can watch a session that is open (SPX at 15:00 on a Wednesday).
 */

const DAY_MS = 86_400_000;

/** Epoch milliseconds of the market instant, now. */
export type MarketClock = () => number;

/** `hh:mm` (UTC, 24 h) as milliseconds since midnight, or undefined when it is no such time. */
export function parseMarketTime(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 60_000 : undefined;
}

/** The start time of day of an optional `hh:mm` market time; an invalid one is refused. */
export function marketTimeOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const time = parseMarketTime(text);
  if (time === undefined)
    throw new Error(`The market time is a UTC time of day hh:mm, 00:00 to 23:59 (got "${text}").`);
  return time;
}

/**
 * The market clock of a simulator whose clock is `clock` and whose simulated day is `asOf`
 * (00:00Z of its date). The shift is fixed when the simulator starts: the whole days between the
 * clock's UTC date then and the simulated day, or, with `startTimeOfDay` (milliseconds after
 * midnight UTC), whatever puts the market at that time of the simulated day then.
 */
export function marketClockOf(clock: () => Date, asOf: Date, startTimeOfDay?: number): MarketClock {
  const started = clock().getTime();
  const shift =
    startTimeOfDay === undefined
      ? Math.round((asOf.getTime() - Math.floor(started / DAY_MS) * DAY_MS) / DAY_MS) * DAY_MS
      : Math.floor(asOf.getTime() / DAY_MS) * DAY_MS + startTimeOfDay - started;
  return () => clock().getTime() + shift;
}
