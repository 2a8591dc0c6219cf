/**
 * The header of one expiry of a chain: what every contract of the expiry shares, said once
 * rather than in a column per row: days to expiry, the last trade (in the exchange's time) and
 * the days to it, the exercise style, the settlement and, for futures options, the futures
 * contract the expiry exercises into. Days count from the service's day (useServiceDayStore).
 */
import { DateTime } from 'luxon';

/** What the header of one expiry says. */
export interface ExpiryHeaderFacts {
  daysToExpiry: number | undefined;
  /** The last trade's UTC date-time, when the service gives one. */
  lastTrade: string | undefined;
  daysToLastTrade: number | undefined;
  /** IANA zone of the exchange, for the last trade's local time (UTC, said so, when unknown). */
  zoneName: string | undefined;
  exerciseStyle: string | undefined;
  settlement: string | undefined;
  /**
   * Futures options: the futures contract this expiry exercises into (its symbol once read);
   * undefined for options on anything else.
   */
  underlyingFuture?: { symbol: string | undefined; loading: boolean; error: string | undefined } | undefined;
}

export type ExpiryHeaderKey = 'days' | 'lastTrade' | 'exercise' | 'settlement' | 'underlying';

/** One fact of the header, in the order shown. */
export interface ExpiryHeaderItem {
  key: ExpiryHeaderKey;
  text: string;
}

const SETTLEMENT_WORDS: Record<string, string> = {
  CashDelivery: 'cash settled',
  PhysicalDelivery: 'physically settled',
};

/** The last trade as `yyyy-mm-dd HH:mm` in the exchange's zone (or UTC, said so). */
export function lastTradeText(lastTrade: string | undefined, zoneName: string | undefined): string {
  if (!lastTrade) return '—';
  const instant = DateTime.fromISO(lastTrade, { zone: 'utc' });
  if (!instant.isValid) return lastTrade;
  const local = zoneName ? instant.setZone(zoneName) : instant;
  return local.isValid
    ? `${local.toFormat('yyyy-MM-dd HH:mm')}${zoneName ? '' : ' UTC'}`
    : instant.toFormat("yyyy-MM-dd HH:mm 'UTC'");
}

/** `12 days`, `1 day`, `today`, `2 days ago`. */
export function daysText(days: number): string {
  if (days === 0) return 'today';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `${count} ${unit}` : `${count} ${unit} ago`;
}

function daysToExpiryText(days: number | undefined): string {
  if (days === undefined) return 'days to expiry not known';
  if (days === 0) return 'expires today';
  return days > 0 ? `${daysText(days)} to expiry` : `expired ${daysText(days)}`;
}

function underlyingText(future: NonNullable<ExpiryHeaderFacts['underlyingFuture']>): string {
  if (future.symbol) return `exercises into ${future.symbol}`;
  if (future.loading) return 'exercises into …';
  return future.error
    ? `the futures contract it exercises into could not be read: ${future.error}`
    : 'the service names no futures contract it exercises into';
}

/** The facts of the header, in the order shown. */
export function expiryHeaderItems(facts: ExpiryHeaderFacts): ExpiryHeaderItem[] {
  const items: ExpiryHeaderItem[] = [{ key: 'days', text: daysToExpiryText(facts.daysToExpiry) }];
  items.push({
    key: 'lastTrade',
    text: facts.lastTrade
      ? `last trade ${lastTradeText(facts.lastTrade, facts.zoneName)}${
          facts.daysToLastTrade === undefined ? '' : ` (${daysText(facts.daysToLastTrade)})`
        }`
      : 'last trade not given',
  });
  const style = facts.exerciseStyle && facts.exerciseStyle !== 'None' ? facts.exerciseStyle : undefined;
  items.push({ key: 'exercise', text: style ? `${style} exercise` : 'exercise style not given' });
  items.push({
    key: 'settlement',
    text: facts.settlement
      ? (SETTLEMENT_WORDS[facts.settlement] ?? facts.settlement)
      : 'settlement not given',
  });
  if (facts.underlyingFuture) items.push({ key: 'underlying', text: underlyingText(facts.underlyingFuture) });
  return items;
}
