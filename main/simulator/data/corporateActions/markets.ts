/**
 * Market rules of corporate actions (universe facts §9): how ex and record dates relate, how
 * long after the record date cash is paid, how often dividends come, withholding tax, and the
 * business days of the market (the listing exchange's trading calendar).
 */
import { isTradingDay } from '../../calendar/businessDays';
import { EXCHANGES, findExchange } from '../reference/exchanges';

export interface MarketRule {
  /** The country whose rules apply (listing exchange, or bond issuer). */
  country: string;
  /** Exchange whose calendar decides business days. */
  exchangeId: string;
  /** IANA zone of local deadlines. */
  zone: string;
  /** US, Canada, India: ex = record. Elsewhere: ex = record − 1 business day. */
  exEqualsRecord: boolean;
  /** Cash dividends per year. */
  dividendsPerYear: 1 | 2 | 4;
  /** Business days from record to payment. */
  payLag: [number, number];
  /** Calendar days from announcement to ex date. */
  announceLead: [number, number];
  /** Default withholding for non-residents. */
  withholding: number;
  /** Japan: record dates at the fiscal half-year ends. */
  fiscalHalfYearRecords: boolean;
  /** Dividends follow the AGM (ex = AGM + 1 business day): continental Europe. */
  exAfterMeeting: boolean;
  /** Bond coupons per year. */
  couponsPerYear: 1 | 2;
}

type Family = Omit<MarketRule, 'country' | 'exchangeId' | 'zone' | 'withholding'>;

const US_LIKE: Family = {
  exEqualsRecord: true,
  dividendsPerYear: 4,
  payLag: [5, 20],
  announceLead: [10, 30],
  fiscalHalfYearRecords: false,
  exAfterMeeting: false,
  couponsPerYear: 2,
};
const UK: Family = {
  exEqualsRecord: false,
  dividendsPerYear: 2,
  payLag: [10, 30],
  announceLead: [21, 45],
  fiscalHalfYearRecords: false,
  exAfterMeeting: false,
  couponsPerYear: 2,
};
const EUROPE: Family = {
  exEqualsRecord: false,
  dividendsPerYear: 1,
  payLag: [1, 3],
  announceLead: [30, 90],
  fiscalHalfYearRecords: false,
  exAfterMeeting: true,
  couponsPerYear: 1,
};
const JAPAN: Family = {
  exEqualsRecord: false,
  dividendsPerYear: 2,
  payLag: [45, 65],
  announceLead: [30, 60],
  fiscalHalfYearRecords: true,
  exAfterMeeting: false,
  couponsPerYear: 2,
};
const ASIA_PACIFIC: Family = {
  exEqualsRecord: false,
  dividendsPerYear: 2,
  payLag: [10, 30],
  announceLead: [14, 40],
  fiscalHalfYearRecords: false,
  exAfterMeeting: false,
  couponsPerYear: 2,
};

/** Rule family and non-resident withholding by country (approximations of universe facts §9). */
const BY_COUNTRY: Record<string, [Family, number]> = {
  US: [US_LIKE, 0.3],
  CA: [US_LIKE, 0.25],
  IN: [{ ...US_LIKE, dividendsPerYear: 1, payLag: [10, 25] }, 0.2],
  GB: [UK, 0],
  IE: [UK, 0.25],
  DE: [EUROPE, 0.26375],
  FR: [{ ...EUROPE, dividendsPerYear: 2 }, 0.25],
  NL: [{ ...EUROPE, dividendsPerYear: 2 }, 0.15],
  BE: [EUROPE, 0.3],
  PT: [EUROPE, 0.25],
  IT: [{ ...EUROPE, dividendsPerYear: 2 }, 0.26],
  ES: [{ ...EUROPE, dividendsPerYear: 2 }, 0.19],
  AT: [EUROPE, 0.275],
  CH: [EUROPE, 0.35],
  DK: [EUROPE, 0.27],
  SE: [EUROPE, 0.3],
  FI: [EUROPE, 0.35],
  NO: [EUROPE, 0.25],
  JP: [JAPAN, 0.15315],
  HK: [ASIA_PACIFIC, 0],
  AU: [ASIA_PACIFIC, 0.3],
  SG: [ASIA_PACIFIC, 0],
  KR: [{ ...ASIA_PACIFIC, dividendsPerYear: 4 }, 0.22],
  TW: [{ ...ASIA_PACIFIC, dividendsPerYear: 1 }, 0.21],
  CN: [{ ...ASIA_PACIFIC, dividendsPerYear: 1 }, 0.1],
  ZA: [ASIA_PACIFIC, 0.2],
  BR: [{ ...ASIA_PACIFIC, dividendsPerYear: 4 }, 0.15],
  SA: [ASIA_PACIFIC, 0.05],
};
const DEFAULT: [Family, number] = [ASIA_PACIFIC, 0.15];

/**
 * Where international securities (ISIN prefix XS: Eurobonds) are held and their elections made:
 * Euroclear Bank in Brussels, whose deadlines run on Brussels time and its business days.
 */
const INTERNATIONAL_SECURITIES_COUNTRY = 'BE';

/** The first listed exchange of a country, for bonds (traded OTC) whose calendar is their issuer's market. */
function homeExchangeOf(country: string): string | undefined {
  const home = country === 'XS' ? INTERNATIONAL_SECURITIES_COUNTRY : country;
  return EXCHANGES.find((exchange) => exchange.CountryCode === home && exchange.Mic !== undefined)?.ExchangeId;
}

const cache = new Map<string, MarketRule>();

/**
 * The market rule for an instrument listed on `exchangeId` with ISIN `isin`. Instruments on the
 * OTC venue (bonds) take the rules and calendar of their issuer's country (the ISIN prefix).
 */
export function marketRuleFor(exchangeId: string | null, isin: string | null): MarketRule {
  const key = `${exchangeId ?? ''}|${isin?.slice(0, 2) ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let exchange = exchangeId ? findExchange(exchangeId) : undefined;
  if (!exchange?.Mic) {
    const issuerExchange = isin ? homeExchangeOf(isin.slice(0, 2)) : undefined;
    exchange = findExchange(issuerExchange ?? 'NYSE');
  }
  const resolved = exchange ?? findExchange('NYSE')!;
  const [family, withholding] = BY_COUNTRY[resolved.CountryCode] ?? DEFAULT;
  const rule: MarketRule = {
    ...family,
    country: resolved.CountryCode,
    exchangeId: resolved.ExchangeId,
    zone: resolved.ZoneName,
    withholding,
  };
  cache.set(key, rule);
  return rule;
}

const DAY_MS = 86_400_000;

/**
 * Business days by exchange, one byte per day number (0: not yet known, 1: closed, 2: open):
 * the holiday rules are costly to consult, and a large universe asks some tens of millions of
 * times. Days outside the window (from 1970 for 160 years) are worked out each time.
 */
const KNOWN_DAYS = 60_000;
const businessDayCache = new Map<string, Uint8Array>();
/** Instants of local wall-clock times by zone: deadlines of many events fall on the same days and hours. */
const localTimeCache = new Map<string, Map<number, number>>();

/** Business-day arithmetic on a market's calendar. */
export class MarketDays {
  private readonly known: Uint8Array;
  private readonly localTimes: Map<number, number>;

  constructor(private readonly rule: MarketRule) {
    let known = businessDayCache.get(rule.exchangeId);
    if (!known) businessDayCache.set(rule.exchangeId, (known = new Uint8Array(KNOWN_DAYS)));
    this.known = known;
    let localTimes = localTimeCache.get(rule.zone);
    if (!localTimes) localTimeCache.set(rule.zone, (localTimes = new Map()));
    this.localTimes = localTimes;
  }

  /** Whether day number `day` (days since 1970-01-01) is a business day. */
  private isOpen(day: number): boolean {
    const inWindow = day >= 0 && day < KNOWN_DAYS;
    const known = inWindow ? this.known[day]! : 0;
    if (known !== 0) return known === 2;
    const open = isTradingDay(this.rule.exchangeId, new Date(day * DAY_MS));
    if (inWindow) this.known[day] = open ? 2 : 1;
    return open;
  }

  isBusinessDay(date: Date): boolean {
    return this.isOpen(Math.floor(date.getTime() / DAY_MS));
  }

  /** `date` itself when a business day, else the next one. */
  onOrAfter(date: Date): Date {
    return this.nextOpen(date, 1);
  }

  /** `date` itself when a business day, else the previous one. */
  onOrBefore(date: Date): Date {
    return this.nextOpen(date, -1);
  }

  /** `date` itself when a business day, else the first one stepping by `step` days. */
  private nextOpen(date: Date, step: 1 | -1): Date {
    const first = Math.floor(date.getTime() / DAY_MS);
    let day = first;
    while (!this.isOpen(day)) day += step;
    return day === first ? date : new Date(date.getTime() + (day - first) * DAY_MS);
  }

  /** The business day `count` business days after (before, when negative) `date`. */
  add(date: Date, count: number): Date {
    const step = count >= 0 ? 1 : -1;
    const first = Math.floor(date.getTime() / DAY_MS);
    let day = first;
    for (let left = Math.abs(count); left > 0;) {
      day += step;
      if (this.isOpen(day)) left--;
    }
    return day === first ? date : new Date(date.getTime() + (day - first) * DAY_MS);
  }

  /** The instant of local time `hour`:`minute` on the date `date` in the market's zone. */
  localTime(date: Date, hour: number, minute = 0): Date {
    const wallClock = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour, minute);
    let instant = this.localTimes.get(wallClock);
    if (instant === undefined) {
      // Read the offset at the wall-clock time taken as UTC, then once more at the instant found,
      // which settles it on both sides of a clock change.
      const first = wallClock - offsetMinutes(this.rule.zone, wallClock) * 60_000;
      instant = wallClock - offsetMinutes(this.rule.zone, first) * 60_000;
      this.localTimes.set(wallClock, instant);
    }
    return new Date(instant);
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of `zone` at `instant`, in minutes (from the ICU time zone data Node ships). */
function offsetMinutes(zone: string, instant: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
}
