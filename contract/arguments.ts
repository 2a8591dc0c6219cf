/**
 * Building blocks of the channel argument schemas: bounded paging, keys, uics, asset types and
 * dates as the service accepts them. Every schema is strict and bounded, so nothing malformed
 * reaches the API client.
 */
import { z } from 'zod';
import { assetTypes } from './wire/enums';

/** Largest `$top` the service accepts (platform facts: 1000). */
export const MAX_TOP = 1000;
/** Largest `$skip` worth asking for. */
export const MAX_SKIP = 1_000_000;
/** Most uics in one request (the service caps a parameter at 2,000 characters). */
export const MAX_UICS = 200;

export const uic = z.number().int().min(1).max(2_147_483_647);
/** Account, client and account-group keys: opaque tokens of the platform (base64-like). */
export const accountKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_\-|=+/.~]+$/, 'Not a valid key.');
export const keywords = z.string().max(200);
export const assetType = z.enum(assetTypes);
export const assetTypeList = z.array(assetType).min(1).max(assetTypes.length);
export const uicList = z.array(uic).min(1).max(MAX_UICS);
/** One display-hint tag: the service supports a single tag. */
export const tags = z
  .array(
    z
      .string()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9]+$/, 'Not a valid tag.'),
  )
  .min(1)
  .max(1);

/** A calendar date written yyyy-mm-dd. */
export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write dates as yyyy-mm-dd.')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'Not a calendar date.');

/** `$top` and `$skip`. */
export const paging = {
  $top: z.number().int().min(0).max(MAX_TOP).optional(),
  $skip: z.number().int().min(0).max(MAX_SKIP).optional(),
};

/** `refresh` of cached reads. */
export const refresh = { refresh: z.boolean().optional() };
