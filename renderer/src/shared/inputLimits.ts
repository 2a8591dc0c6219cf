/**
 * Inputs that keep a value within limits say so: a number typed past a limit becomes the limit
 * with a sentence naming it, and a text field that reached its longest length says that what
 * was typed (or pasted) beyond it was not taken. Never a silent change of what the trader typed.
 */

/** A number within its limits, and the sentence saying it was changed to get there. */
export interface LimitedNumber {
  value: number;
  notice: string | undefined;
}

/** The words of a limited field: `Roll window`, `days` (and `day` for one). */
export interface FieldWords {
  field: string;
  unit: string;
  unitOfOne?: string;
}

const counted = (count: number, words: FieldWords) => `${count} ${count === 1 ? (words.unitOfOne ?? words.unit) : words.unit}`;

/**
 * `typed` within [min, max] (a whole number): unchanged and no notice, or the nearest limit with
 * the sentence `Roll window is at most 365 days: 365 is used.`
 */
export function limitedNumber(typed: number, limits: { min: number; max: number }, words: FieldWords): LimitedNumber {
  const whole = Math.round(typed);
  if (whole > limits.max)
    return { value: limits.max, notice: `${words.field} is at most ${counted(limits.max, words)}: ${limits.max} is used.` };
  if (whole < limits.min)
    return { value: limits.min, notice: `${words.field} is at least ${counted(limits.min, words)}: ${limits.min} is used.` };
  return { value: whole, notice: undefined };
}

/** `Search text is limited to 255 characters; anything beyond is not taken.` once `text` reached the limit. */
export function lengthLimitNotice(text: string, maxLength: number, field: string): string | undefined {
  return text.length >= maxLength
    ? `${field} is limited to ${maxLength} characters; anything beyond is not taken.`
    : undefined;
}
