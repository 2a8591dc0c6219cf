/**
 * Arguments of the Trading service group's endpoints, read the platform's way: JSON member
 * names case-insensitive (ASP.NET's binding), lists as arrays or comma-separated text, and every
 * bad value a 400 whose ModelState names the member (`Arguments.Uic`), never a 500.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { accountDetails } from '../../data/accounts/accountsRead';
import type { SimUser } from '../../data/accounts/userTypes';
import { CONTEXT_ID_PATTERN } from '../../streaming/websocket';
import { badParameter, ServiceError } from '../errors';

/** Gives a JSON object's members their canonical names, matched case-insensitively. */
export function canonicalMembers(value: unknown, names: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const byLowerCase = new Map(names.map((name) => [name.toLowerCase(), name]));
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [byLowerCase.get(key.toLowerCase()) ?? key, member]),
  );
}

/** A zod failure as the service's 400, each issue under its member's dotted path. */
export function invalidArguments(error: z.ZodError, prefix = ''): ServiceError {
  const modelState: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'Body';
    (modelState[path] ??= []).push(issue.message);
  }
  const first = Object.entries(modelState)[0];
  return new ServiceError(
    400,
    'InvalidRequest',
    first ? `${first[0]}: ${first[1]![0]}` : 'The request is not valid.',
    modelState,
  );
}

/** Parses `value` with `schema`, or throws the service's 400. */
export function parseArguments<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidArguments(result.error, prefix);
  return result.data;
}

const REFERENCE_ID = /^[A-Za-z0-9-][A-Za-z0-9_-]{0,49}$/;

/** The members every subscription request has, whatever its endpoint. */
export const SUBSCRIPTION_MEMBERS = [
  'ContextId',
  'ReferenceId',
  'RefreshRate',
  'Tag',
  'Format',
  'Arguments',
  'ReplaceReferenceId',
  'KnownSchemas',
] as const;

export const subscriptionRequest = z.object({
  ContextId: z
    .string({ error: 'ContextId is required.' })
    .regex(CONTEXT_ID_PATTERN, 'ContextId may hold letters, digits, "-" and "_", at most 50 characters.'),
  ReferenceId: z
    .string({ error: 'ReferenceId is required.' })
    .regex(
      REFERENCE_ID,
      'ReferenceId may hold letters, digits, "-" and "_" (not first), at most 50 characters.',
    ),
  RefreshRate: z
    .number({ error: 'RefreshRate must be a number of milliseconds.' })
    .int('RefreshRate must be whole milliseconds.')
    .min(0)
    .max(3_600_000)
    .optional(),
  Tag: z.string().min(1).max(100, 'Tag may be at most 100 characters.').optional(),
  Format: z.string().max(100).optional(),
  ReplaceReferenceId: z.string().regex(REFERENCE_ID, 'ReplaceReferenceId is not a reference id.').optional(),
  KnownSchemas: z.array(z.string()).max(100).optional(),
  Arguments: z.unknown(),
});

export type SubscriptionRequest = z.infer<typeof subscriptionRequest>;

/** The subscription request of a body, or the service's 400. */
export function readSubscriptionRequest(body: unknown): SubscriptionRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badParameter('Body', 'The body must be a JSON object describing the subscription.');
  const request = parseArguments(subscriptionRequest, canonicalMembers(body, SUBSCRIPTION_MEMBERS));
  // The platform streams JSON or protobuf; the simulator JSON, and says so the way the library expects.
  if (request.Format !== undefined && request.Format.toLowerCase() !== 'application/json') {
    throw new ServiceError(
      400,
      'UnsupportedSubscriptionFormat',
      `Format "${request.Format.slice(0, 60)}" is not supported; use application/json.`,
      {
        Format: ['Only application/json is supported.'],
      },
    );
  }
  if (request.Arguments === undefined) throw badParameter('Arguments', 'Arguments is required.');
  return request;
}

/** The refresh rate granted for one asked for (absent or 0: once a second; never below the minimum). */
export function grantedRefreshRate(asked: number | undefined, minimum: number): number {
  return Math.max(asked === undefined || asked === 0 ? 1000 : asked, minimum);
}

/** A list of whole numbers given as an array or as comma-separated text. */
export const integerList = z.union([
  z.array(z.number().int().min(0).max(2_147_483_647)),
  z
    .string()
    .regex(/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*$/, 'must be whole numbers separated by commas')
    .transform((text) => text.split(',').map(Number)),
]);

/** A list of names given as an array or as comma-separated text. */
export const nameList = z.union([
  z.array(z.string()),
  z.string().transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
]);

/** Checks that an AccountKey, when given, is one of the user's accounts. */
export function checkAccountKey(
  db: Database.Database,
  user: SimUser,
  accountKey: string | undefined,
  member = 'AccountKey',
): void {
  if (accountKey === undefined) return;
  if (!accountDetails(db, user, accountKey))
    throw badParameter(member, 'AccountKey is not one of your accounts.', 'InvalidAccountKey');
}
