/**
 * ISIN check digits (ISO 6166): letters become numbers (A=10 ... Z=35), then the Luhn check
 * over the digit string. Generated ISINs use it; the well-known ones are checked with it.
 */
import type { RandomStream } from '../random';

function expand(body: string): string {
  let digits = '';
  for (const char of body.toUpperCase()) {
    const code = char.charCodeAt(0);
    digits += code >= 65 && code <= 90 ? String(code - 55) : char;
  }
  return digits;
}

/** The check digit completing an 11-character ISIN body (country code + 9 characters). */
export function isinCheckDigit(body: string): number {
  const digits = expand(body);
  let sum = 0;
  // Luhn from the right: the rightmost digit of the body is doubled (the check digit will follow it).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `isin` is 12 characters with a valid check digit. */
export function isValidIsin(isin: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{9}\d$/.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}

/** A full ISIN from an 11-character body. */
export function completeIsin(body: string): string {
  return `${body}${isinCheckDigit(body)}`;
}

const ISIN_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Characters drawn at random from an alphabet. */
export function randomCharacters(random: RandomStream, alphabet: string, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += alphabet[random.int(0, alphabet.length - 1)];
  return text;
}

/** A generated ISIN starting with `prefix` (country code and any national prefix), unique within `taken`. */
export function uniqueIsin(random: RandomStream, prefix: string, taken: Set<string>): string {
  for (;;) {
    const isin = completeIsin(prefix + randomCharacters(random, ISIN_CHARACTERS, 11 - prefix.length));
    if (!taken.has(isin)) {
      taken.add(isin);
      return isin;
    }
  }
}
