/**
 * What each chosen reference column shows for one contract of a chain: reference data of the
 * contract, its expiry and its root (the price columns are chainPrices.ts).
 */
import { DateTime } from 'luxon';
import type { SpecificOption } from '../../../../../../contract/wire/types';
import { tradingStatusText } from './chainRows';
import type { ChainColumnId, ChainPriceColumnId } from './chainColumns';
import { occSymbol } from './optionSymbols';

/** What the contracts of one expiry of one root share. */
export interface ChainExpiryFacts {
  /** The root's symbol, e.g. `SPX:xcbo`. */
  rootSymbol: string;
  /** `yyyy-mm-dd`. */
  expiry: string;
  /** The expiry's last trade date-time (UTC), if the service gives one. */
  lastTrade: string | undefined;
  daysToLastTrade: number | undefined;
  /** IANA zone of the exchange, for the last trade's local time (UTC when unknown). */
  zoneName: string | undefined;
  exerciseStyle: string | undefined;
  settlement: string | undefined;
  /** The contracts' own symbols by uic, once read. */
  symbols: ReadonlyMap<number, string> | undefined;
}

const SETTLEMENT_WORDS: Record<string, string> = { CashDelivery: 'Cash', PhysicalDelivery: 'Physical' };

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

/** The text of one column for one contract. */
export function chainCellText(
  column: Exclude<ChainColumnId, ChainPriceColumnId>,
  option: SpecificOption,
  facts: ChainExpiryFacts,
): string {
  switch (column) {
    case 'symbol':
      return facts.symbols?.get(option.Uic) ?? (facts.symbols ? '—' : '…');
    case 'occSymbol':
      return occSymbol(facts.rootSymbol, facts.expiry, option.PutCall, option.StrikePrice) ?? '—';
    case 'uic':
      return String(option.Uic);
    case 'status':
      return tradingStatusText(option.TradingStatus);
    case 'lastTrade':
      return lastTradeText(facts.lastTrade, facts.zoneName);
    case 'daysToLastTrade':
      return facts.daysToLastTrade === undefined ? '—' : String(facts.daysToLastTrade);
    case 'exerciseStyle':
      return facts.exerciseStyle && facts.exerciseStyle !== 'None' ? facts.exerciseStyle : '—';
    case 'settlement':
      return facts.settlement ? (SETTLEMENT_WORDS[facts.settlement] ?? facts.settlement) : '—';
  }
}
