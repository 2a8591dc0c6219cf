/**
 * Closures of every exchange of the universe (universe-facts §1): fixed dates, weekday rules,
 * Easter-based and lunar holidays, and early closes, by region in `closures/`. Where the facts
 * mark a rule "(approx.)" so is the encoding; ad-hoc closures (days of mourning) cannot be
 * predicted and are absent.
 */
import { AMERICAS_CALENDARS } from './closures/americas';
import { ASIA_PACIFIC_CALENDARS } from './closures/asiaPacific';
import { CHRISTMAS, NEW_YEAR, SAT_SUN } from './closures/common';
import { EMEA_CALENDARS } from './closures/emea';
import type { ExchangeCalendar } from './rules';

/** Inter-bank FX trades around the clock on weekdays; only New Year's Day and Christmas close it. */
const INTER_BANK_FX: ExchangeCalendar = { weekend: SAT_SUN, holidays: [NEW_YEAR, CHRISTMAS] };

/** Calendars by the exchange's key (its ISO MIC, or SBFX); every exchange of exchanges.ts has one. */
export const EXCHANGE_CALENDARS: Readonly<Record<string, ExchangeCalendar>> = {
  ...AMERICAS_CALENDARS,
  ...EMEA_CALENDARS,
  ...ASIA_PACIFIC_CALENDARS,
  SBFX: INTER_BANK_FX,
};
