/**
 * Parsing of review input inside main: a refusal carries per-field messages and happens before
 * anything is written.
 */
import { z } from 'zod';

/** Input the review store refuses, with per-field messages. Nothing was written. */
export class ReviewInputError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ReviewInputError';
  }
}

/** Parses `value` with `schema` or throws ReviewInputError naming each field at fault. */
export function parseReviewInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (fields[issue.path.join('.') || '(argument)'] ??= []).push(issue.message);
  throw new ReviewInputError(parsed.error.issues[0]?.message ?? 'Invalid review input.', fields);
}

/** The reviewer as main resolved it from the session (checked all the same: it keys every row). */
export const reviewerSchema = z.object({
  profileId: z.string().min(1).max(100),
  userId: z.string().min(1).max(200),
  name: z.string().max(200),
});
