/**
 * The reference feature's channel arguments (spec 4.7-4.9, and the exchanges the platform
 * serves beyond the spec): countries, time zones, currency pairs and exchanges, which main
 * caches, so each may ask for a `refresh`.
 */
import { z } from 'zod';
import { accountKey, dateString, refresh } from './arguments';

/** Reference lists without parameters: only `refresh`. */
export const referenceListArg = z
  .object({ ...refresh })
  .strict()
  .optional();

export const currencyPairsArg = z
  .object({ AccountKey: accountKey.optional(), ClientKey: accountKey.optional(), ...refresh })
  .strict()
  .optional();

/** Most exchanges one holidays read names (the exchanges list has about thirty). */
export const MAX_HOLIDAY_EXCHANGES = 60;

/**
 * `reference:exchangeHolidays`: the holidays of some exchanges (every one when none are named)
 * from one day to another, both included, at most about three years apart (the service's limit).
 */
export const exchangeHolidaysArg = z
  .object({
    FromDate: dateString,
    ToDate: dateString,
    ExchangeIds: z
      .array(
        z
          .string()
          .min(1)
          .max(20)
          .regex(/^[A-Za-z0-9_-]+$/, 'An exchange is named by its id, e.g. NASDAQ or EUR_AMS2.'),
      )
      .min(1)
      .max(MAX_HOLIDAY_EXCHANGES)
      .optional(),
    ...refresh,
  })
  .strict()
  .refine((arg) => arg.ToDate >= arg.FromDate, { message: 'The last day comes after the first.', path: ['ToDate'] });
