/**
 * Futures month codes (F G H J K M N Q U V X Z). The contract month comes from the code in the
 * symbol, never from the expiry date: an August energy contract expires in July.
 */
import { calendarDay } from '../../../../shared/dates';

/** Month number (1–12) of each month code. */
export const monthOfCode: Readonly<Record<string, number>> = {
  F: 1,
  G: 2,
  H: 3,
  J: 4,
  K: 5,
  M: 6,
  N: 7,
  Q: 8,
  U: 9,
  V: 10,
  X: 11,
  Z: 12,
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface ContractMonth {
  /** 1–12. */
  month: number;
  year: number;
  code: string;
}

/**
 * Reads the contract month from a futures symbol (`ESH6`, `ESH26`, `CLQ26:xnym`): the month
 * code and year digits that follow the base identifier. A one-digit year is placed in the
 * decade that brings it nearest to the expiry year, since the contract month never lies more
 * than a few years from its expiry. Undefined when the symbol has no readable code.
 */
export function decodeContractMonth(
  symbol: string,
  baseIdentifier: string,
  expiryDate?: string,
): ContractMonth | undefined {
  const bare = symbol.split(':')[0] ?? symbol;
  const rest =
    baseIdentifier && bare.toUpperCase().startsWith(baseIdentifier.toUpperCase())
      ? bare.slice(baseIdentifier.length)
      : bare;
  const match = /([FGHJKMNQUVXZ])(\d{1,4})$/i.exec(rest);
  if (!match) return undefined;
  const code = (match[1] as string).toUpperCase();
  const digits = match[2] as string;
  const month = monthOfCode[code] as number;
  const expiryYear = expiryDate ? calendarDay(expiryDate)?.year : undefined;
  const referenceYear = expiryYear ?? new Date().getUTCFullYear();
  return { month, year: expandYear(digits, referenceYear), code };
}

/** Expands 1–2 year digits to the full year nearest to `referenceYear`. */
function expandYear(digits: string, referenceYear: number): number {
  if (digits.length >= 4) return Number(digits);
  const modulus = 10 ** digits.length;
  const value = Number(digits);
  const base = referenceYear - (referenceYear % modulus) + value;
  const candidates = [base - modulus, base, base + modulus];
  return candidates.reduce((best, year) =>
    Math.abs(year - referenceYear) < Math.abs(best - referenceYear) ? year : best,
  );
}

/** `Mar 2026`. */
export function formatContractMonth(contractMonth: ContractMonth): string {
  return `${MONTH_NAMES[contractMonth.month - 1]} ${contractMonth.year}`;
}
