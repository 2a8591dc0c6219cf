/**
 * The market's clock. Prices follow the simulator's clock, shifted by whole days when the
 * simulator runs another day than the clock's (`--as-of`): the market instant is the simulated
 * day's date with the real time of day, and it keeps running across midnight (a simulator
 * started at 23:00 with `--as-of 2026-03-10` quotes 2026-03-10 23:00, then 2026-03-11 00:30 an
 * hour and a half later, as a real market would). So a trader at the desk sees the simulated
 * day's sessions open and close at the real hours, and two simulators with the same seed,
 * day and clock quote the same prices.
 */

const DAY_MS = 86_400_000;

/** Epoch milliseconds of the market instant, now. */
export type MarketClock = () => number;

/**
 * The market clock of a simulator whose clock is `clock` and whose simulated day is `asOf`
 * (00:00Z of its date). The shift is fixed when the simulator starts: the whole days between the
 * clock's UTC date then and the simulated day.
 */
export function marketClockOf(clock: () => Date, asOf: Date): MarketClock {
  const started = clock().getTime();
  const shift = Math.round((asOf.getTime() - Math.floor(started / DAY_MS) * DAY_MS) / DAY_MS) * DAY_MS;
  return () => clock().getTime() + shift;
}
