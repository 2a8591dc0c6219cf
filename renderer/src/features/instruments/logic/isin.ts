/**
 * ISINs (ISO 6166): two letters of a country, nine characters, and a check digit computed
 * with Luhn's algorithm over the digits of the first eleven (letters count A=10 … Z=35).
 */

const SHAPE = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

/** True when `text` (trimmed, any case) is an ISIN with a correct check digit. */
export function isIsin(text: string): boolean {
  const candidate = text.trim().toUpperCase();
  if (!SHAPE.test(candidate)) return false;
  const digits = [...candidate.slice(0, 11)].map((character) => String(parseInt(character, 36))).join('');
  let sum = 0;
  // From the right: every second digit, starting with the rightmost, is doubled.
  for (let index = digits.length - 1, double = true; index >= 0; index--, double = !double) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(candidate[11]);
}
