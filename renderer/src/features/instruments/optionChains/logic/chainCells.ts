/**
 * What each chosen reference column shows for one contract of a chain: reference data of the
 * contract and its root (the price columns are chainPrices.ts). What the whole expiry shares is
 * in its header (expiryHeader.ts), not in a cell.
 */
import type { SpecificOption } from '../../../../../../contract/wire/types';
import { tradingStatusText } from './chainRows';
import type { ChainColumnId, ChainPriceColumnId } from './chainColumns';
import { occSymbol } from './optionSymbols';

/** What the cells of one expiry of one root read besides the contract. */
export interface ChainExpiryFacts {
  /** The root's symbol, e.g. `SPX:xcbo`. */
  rootSymbol: string;
  /** `yyyy-mm-dd`. */
  expiry: string;
  /** Why the root's contracts have no OCC symbol (optionSymbols.occUnavailableReason); undefined when they have one. */
  occUnavailable: string | undefined;
  /** The contracts' own symbols by uic, once read. */
  symbols: ReadonlyMap<number, string> | undefined;
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
      // Never spelled for a contract the OCC does not clear (a CME future's option, a Eurex one).
      if (facts.occUnavailable !== undefined) return '—';
      return occSymbol(facts.rootSymbol, facts.expiry, option.PutCall, option.StrikePrice) ?? '—';
    case 'uic':
      return String(option.Uic);
    case 'status':
      return tradingStatusText(option.TradingStatus);
  }
}
