/**
 * The trading day's figures of an instrument: its open and the last close, high and low (its
 * price sampled through the day's regular session, every minute, or every half hour for
 * options, plus the price now), the last trade, the day's volume so far and open interest.
 * Sampling rather than tracking keeps them pure functions of the instant, so two simulators
 * agree and a late subscriber sees the same high as an early one. What was worked out is kept
 * per instrument and day, so a new quote costs one price more at most.
 */
import { uniformAt } from './noise';

const MINUTE_MS = 60_000;
/** Words of the noise that draw a day's activity. */
const ACTIVITY = 0xac71;

/** The day an instrument's figures belong to. */
export interface TradingDay {
  dayOpen: number;
  dayClose: number;
  previousClose: number;
  /** The instant its prices are taken at. */
  effective: number;
}

export interface DayFigures {
  open: number;
  lastClose: number;
  high: number;
  low: number;
  lastTraded: number;
}

/** What was worked out of an instrument's day so far (kept on the instrument). */
export interface SampledDay {
  dayOpen: number;
  open: number;
  lastClose: number;
  /** Samples taken: at dayOpen + k·step for k < taken. */
  taken: number;
  high: number;
  low: number;
  lastTradeAt: number;
  lastTraded: number;
}

/** Whatever keeps an instrument's sampled day: the market's resolved instruments. */
export interface DayHolder {
  sampledDay?: SampledDay;
}

/**
 * The figures of the instrument `holder` for `day`, its price now being `current`; `priceAt`
 * gives its price at another instant, `stepMs` is the sampling step and `tradeStepMs` how often
 * it trades.
 */
export function dayFiguresOf(
  holder: DayHolder,
  day: TradingDay,
  current: number,
  stepMs: number,
  tradeStepMs: number,
  priceAt: (instant: number) => number,
): DayFigures {
  const until = Math.min(day.effective, day.dayClose);
  const wanted = until >= day.dayOpen ? Math.floor((until - day.dayOpen) / stepMs) + 1 : 0;
  let sampled = holder.sampledDay;
  // Asked about an earlier moment than sampled already (streams only go forward, but a caller
  // may ask so): worked out afresh and not kept, rather than from what later samples found.
  if (!sampled || sampled.dayOpen !== day.dayOpen || sampled.taken > wanted) {
    const lastClose = priceAt(day.previousClose);
    const keep = !sampled || sampled.dayOpen !== day.dayOpen;
    sampled = {
      dayOpen: day.dayOpen,
      open: day.effective >= day.dayOpen ? priceAt(day.dayOpen) : lastClose,
      lastClose,
      taken: 0,
      high: -Infinity,
      low: Infinity,
      lastTradeAt: Number.NaN,
      lastTraded: lastClose,
    };
    if (keep) holder.sampledDay = sampled;
  }
  for (; sampled.taken < wanted; sampled.taken++) {
    const price = priceAt(day.dayOpen + sampled.taken * stepMs);
    if (Number.isFinite(price)) {
      if (price > sampled.high) sampled.high = price;
      if (price < sampled.low) sampled.low = price;
    }
  }
  const lastTradeAt = Math.floor(day.effective / tradeStepMs) * tradeStepMs;
  if (lastTradeAt !== sampled.lastTradeAt) {
    sampled.lastTradeAt = lastTradeAt;
    sampled.lastTraded = lastTradeAt >= day.dayOpen ? priceAt(lastTradeAt) : sampled.lastClose;
  }
  return {
    open: sampled.open,
    lastClose: sampled.lastClose,
    high: Math.max(sampled.high, current),
    low: Math.min(sampled.low, current),
    lastTraded: sampled.lastTraded,
  };
}

/** Sampling step of high and low. */
export function rangeStepMs(isOption: boolean): number {
  return isOption ? 30 * MINUTE_MS : MINUTE_MS;
}

/** How often an instrument trades (its last traded price changes). */
export function tradeStepMs(isOption: boolean): number {
  return isOption ? 5 * MINUTE_MS : MINUTE_MS;
}

/** How busy a day is for an instrument: 0.6 to 1.4 of its typical volume, drawn per day. */
export function dayActivity(seed: number, uic: number, dayOpen: number): number {
  return 0.6 + 0.8 * uniformAt(seed, uic, ACTIVITY, Math.floor(dayOpen / MINUTE_MS));
}

/** Volume traded so far today: the day's volume spread evenly over its regular session. */
export function volumeSoFar(dailyVolume: number, activity: number, day: TradingDay): number {
  const length = Math.max(day.dayClose - day.dayOpen, 1);
  const elapsed = Math.min(Math.max(day.effective - day.dayOpen, 0), length);
  return Math.round((dailyVolume * activity * elapsed) / length);
}

/** Open interest of the day (fixed through the day, as exchanges publish it once). */
export function openInterestOf(seed: number, uic: number, dailyVolume: number, dayOpen: number): number {
  return Math.round(
    dailyVolume * (2 + 6 * uniformAt(seed, uic, ACTIVITY + 1, Math.floor(dayOpen / MINUTE_MS))),
  );
}
