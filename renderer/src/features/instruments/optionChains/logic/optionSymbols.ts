/**
 * The OCC-style (OSI) symbol of a listed option, the 21-character key US clearing uses and
 * traders paste between systems: the root left-aligned in 6 characters, the expiry as yymmdd,
 * C or P, and the strike times 1000 zero-padded to 8 digits (`SPX   260320C05000000`). The
 * service sends no such symbol; it is spelled from the root, the expiry, the side and the strike.
 * Only options the OCC clears have one (US equity and index options): futures options clear at
 * their exchange (CME Clearing for CME and COMEX), and options listed outside the US at their
 * own clearing house, so for those no OCC symbol is ever spelled.
 */
import type { ContractOptionSpace, PutCall } from '../../../../../../contract/wire/types';
import { calendarDay } from '../../../../shared/dates';

/** Longest root an OSI symbol holds. */
const ROOT_WIDTH = 6;
/** Largest strike × 1000 in 8 digits. */
const MAX_STRIKE_THOUSANDTHS = 99_999_999;

/**
 * The root as OSI spells it: the platform's root symbol without its `:mic` suffix, without
 * spaces (`NOVO B` → `NOVOB`), upper case. Undefined when it is empty or longer than 6 characters.
 */
export function occRoot(rootSymbol: string): string | undefined {
  const bare = (rootSymbol.split(':')[0] ?? '').replace(/\s+/g, '').toUpperCase();
  return bare.length > 0 && bare.length <= ROOT_WIDTH ? bare : undefined;
}

/**
 * The OSI symbol of one contract, or undefined when it cannot be written (a root over six
 * characters, an unreadable expiry, a strike of 100,000 or more, or a side that is neither call
 * nor put).
 */
export function occSymbol(
  rootSymbol: string,
  expiry: string,
  putCall: PutCall,
  strike: number,
): string | undefined {
  const root = occRoot(rootSymbol);
  const day = calendarDay(expiry);
  const side = putCall === 'Call' ? 'C' : putCall === 'Put' ? 'P' : undefined;
  const thousandths = Math.round(strike * 1000);
  if (
    !root ||
    !day ||
    !side ||
    !Number.isFinite(strike) ||
    thousandths < 0 ||
    thousandths > MAX_STRIKE_THOUSANDTHS
  ) {
    return undefined;
  }
  return `${root.padEnd(ROOT_WIDTH, ' ')}${day.toFormat('yyMMdd')}${side}${String(thousandths).padStart(8, '0')}`;
}

/** Asset types of the options the OCC clears when they are listed in the US. */
const OCC_CLEARED_TYPES = new Set(['StockOption', 'StockIndexOption']);

/**
 * Why the contracts of `root` have no OCC symbol, in words; undefined when they have one (US
 * equity and index options). A root whose country the service does not name gets none either:
 * a symbol is never spelled for a contract the OCC may not clear.
 */
export function occUnavailableReason(
  root: Pick<ContractOptionSpace, 'AssetType' | 'Exchange' | 'Symbol'>,
): string | undefined {
  const exchange = root.Exchange?.Name ?? 'its exchange';
  if (root.AssetType === 'FuturesOption')
    return `Futures options clear at their exchange (${exchange}), not the OCC: they have no OCC symbol.`;
  if (!OCC_CLEARED_TYPES.has(root.AssetType ?? ''))
    return `Only US equity and index options have an OCC symbol; ${root.Symbol ?? 'this root'} is ${root.AssetType ?? 'of no stated type'}.`;
  const country = root.Exchange?.CountryCode;
  if (!country) return 'The service does not say where these options are listed, so no OCC symbol is shown.';
  if (country !== 'US')
    return `Options listed on ${exchange} (${country}) are not cleared by the OCC: they have no OCC symbol.`;
  return undefined;
}
