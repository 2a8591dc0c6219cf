/**
 * Rows of an option chain: one per strike with its call and its put. SpecificOptions arrive
 * in no particular order (as on the real platform), so they are sorted here.
 */
import type { SpecificOption, TradingStatus } from '../../../../../../contract/wire/types';

export interface ChainRow {
  strike: number;
  call?: SpecificOption;
  put?: SpecificOption;
}

/** One row per strike, ascending, pairing each strike's call and put. */
export function chainRows(options: readonly SpecificOption[]): ChainRow[] {
  const byStrike = new Map<number, ChainRow>();
  for (const option of options) {
    let row = byStrike.get(option.StrikePrice);
    if (!row) {
      row = { strike: option.StrikePrice };
      byStrike.set(option.StrikePrice, row);
    }
    if (option.PutCall === 'Call') row.call = option;
    else if (option.PutCall === 'Put') row.put = option;
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

/** The ascending strikes of some rows. */
export function strikesOf(rows: readonly ChainRow[]): number[] {
  return rows.map((row) => row.strike);
}

/**
 * False when the status says the contract cannot be traded. TradingStatus is a flag set
 * (it may read `NonTradable, ReduceOnly`), so each flag is checked.
 */
export function isTradableStatus(status: TradingStatus | undefined): boolean {
  if (!status) return true;
  return !status.split(/[,\s]+/).includes('NonTradable');
}

/** The TradingStatus as shown in a cell; `NotDefined` and absence both read as a dash. */
export function tradingStatusText(status: TradingStatus | undefined): string {
  if (!status || status === 'NotDefined') return '—';
  return status.replace(/,\s*/g, ', ');
}
