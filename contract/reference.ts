/**
 * The reference feature's channel arguments (spec 4.7-4.9, and the exchanges the platform
 * serves beyond the spec): countries, time zones, currency pairs and exchanges, which main
 * caches, so each may ask for a `refresh`.
 */
import { z } from 'zod';
import { accountKey, refresh } from './arguments';

/** Reference lists without parameters: only `refresh`. */
export const referenceListArg = z
  .object({ ...refresh })
  .strict()
  .optional();

export const currencyPairsArg = z
  .object({ AccountKey: accountKey.optional(), ClientKey: accountKey.optional(), ...refresh })
  .strict()
  .optional();
