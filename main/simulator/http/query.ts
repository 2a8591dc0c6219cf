/**
 * Reading query-string parameters the service's way: names matched case-insensitively (as the
 * platform's ASP.NET binding does), arrays comma-separated, enum values case-insensitive and
 * returned in their canonical case, dates `yyyy-mm-dd`. Every bad value is a 400 naming the
 * parameter, never a 500.
 */
import { badParameter } from './errors';

type RawQuery = Record<string, string | string[] | undefined>;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER_PATTERN = /^-?\d{1,15}$/;
const NUMBER_PATTERN = /^-?\d{1,15}(\.\d{1,15})?$/;
/** Longest accepted value of any single parameter. */
export const MAX_PARAMETER_LENGTH = 2000;

export class QueryReader {
  private readonly values = new Map<string, { name: string; value: string }>();

  constructor(query: unknown) {
    for (const [name, value] of Object.entries((query ?? {}) as RawQuery)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) throw badParameter(name, `${name} was given more than once.`);
      if (value.length > MAX_PARAMETER_LENGTH) throw badParameter(name, `${name} is longer than ${MAX_PARAMETER_LENGTH} characters.`);
      this.values.set(name.toLowerCase(), { name, value });
    }
  }

  /** The raw value, or undefined when absent or empty. */
  string(name: string): string | undefined {
    const entry = this.values.get(name.toLowerCase());
    return entry && entry.value.trim() !== '' ? entry.value.trim() : undefined;
  }

  has(name: string): boolean {
    return this.string(name) !== undefined;
  }

  /** A whole number within [min, max]. */
  integer(name: string, options: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!INTEGER_PATTERN.test(raw)) throw badParameter(name, `${name} must be a whole number (got "${raw.slice(0, 40)}").`);
    const value = Number(raw);
    if (options.min !== undefined && value < options.min) throw badParameter(name, `${name} must be at least ${options.min}.`);
    if (options.max !== undefined && value > options.max) throw badParameter(name, `${name} must be at most ${options.max}.`);
    return value;
  }

  /** A decimal number. */
  number(name: string): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!NUMBER_PATTERN.test(raw)) throw badParameter(name, `${name} must be a number (got "${raw.slice(0, 40)}").`);
    return Number(raw);
  }

  /** `true` or `false`, case-insensitive. */
  boolean(name: string): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const lower = raw.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw badParameter(name, `${name} must be true or false.`);
    return lower === 'true';
  }

  /** A comma-separated list of non-empty strings. */
  list(name: string): string[] | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const items = raw.split(',').map((item) => item.trim());
    if (items.some((item) => item === '')) throw badParameter(name, `${name} has an empty element.`);
    return items;
  }

  /** A comma-separated list of whole numbers. */
  integerList(name: string): number[] | undefined {
    const items = this.list(name);
    if (items === undefined) return undefined;
    return items.map((item) => {
      if (!INTEGER_PATTERN.test(item)) throw badParameter(name, `${name} must hold whole numbers (got "${item.slice(0, 40)}").`);
      return Number(item);
    });
  }

  /** One value of an enumeration, in its canonical case. */
  enumValue<T extends string>(name: string, allowed: readonly T[], errorCode?: string): T | undefined {
    const raw = this.string(name);
    return raw === undefined ? undefined : canonical(name, raw, allowed, errorCode);
  }

  /** A comma-separated list of enumeration values, in their canonical case. */
  enumList<T extends string>(name: string, allowed: readonly T[], errorCode?: string): T[] | undefined {
    return this.list(name)?.map((item) => canonical(name, item, allowed, errorCode));
  }

  /** A `yyyy-mm-dd` date as 00:00:00Z (a full ISO date-time is accepted and cut to its date). */
  date(name: string): Date | undefined {
    const raw = this.string(name);
    return raw === undefined ? undefined : parseDate(name, raw);
  }

  /** A comma-separated list of dates. */
  dateList(name: string): Date[] | undefined {
    return this.list(name)?.map((item) => parseDate(name, item));
  }

  /** `$top` with the endpoint's default and maximum. */
  top(defaultTop: number, maxTop: number): number {
    return this.integer('$top', { min: 0, max: maxTop }) ?? defaultTop;
  }

  /** `$skip`, 0 when absent. */
  skip(): number {
    return this.integer('$skip', { min: 0, max: 1_000_000_000 }) ?? 0;
  }
}

function canonical<T extends string>(name: string, raw: string, allowed: readonly T[], errorCode?: string): T {
  const match = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
  if (match === undefined) {
    throw badParameter(
      name,
      `${name} has an unknown value "${raw.slice(0, 60)}"; expected one of ${allowed.join(', ')}.`,
      errorCode,
    );
  }
  return match;
}

function parseDate(name: string, raw: string): Date {
  const match = DATE_PATTERN.exec(raw.slice(0, 10));
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  const valid =
    match !== null &&
    date !== undefined &&
    (raw.length === 10 || /^T[\d:.]+Z?$/.test(raw.slice(10))) &&
    date.getUTCMonth() === Number(match[2]) - 1 &&
    date.getUTCDate() === Number(match[3]);
  if (!valid) throw badParameter(name, `${name} must be a date written yyyy-mm-dd (got "${raw.slice(0, 40)}").`);
  return date;
}
