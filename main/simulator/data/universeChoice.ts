/**
 * Which universe a simulator serves: its scale, seed and day, and the checks of them. Kept apart
 * from universe.ts, which loads SQLite and the generator: the standalone simulator reads its
 * arguments with these before it loads the rest (cli.ts starts a new day's roll meanwhile).
 */
export const SCALES = ['small', 'default', 'large'] as const;
export type Scale = (typeof SCALES)[number];

/** The seed of the universe the platform's samples and the docs show. */
export const DEFAULT_SEED = 20260101;

/**
 * The days a universe can be generated for: event ids count years from 2000 and history reaches
 * back 570 days; futures contract uics and event ids run out in the 2060s.
 */
export const AS_OF_RANGE = { first: '2002-01-01', last: '2062-12-31' } as const;

/** The day of a `yyyy-mm-dd` text within AS_OF_RANGE, or an error saying what is wrong with it. */
export function parseAsOf(text: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw new RangeError(`The day to simulate must be a date written yyyy-mm-dd (got "${text}")`);
  if (text < AS_OF_RANGE.first || text > AS_OF_RANGE.last)
    throw new RangeError(
      `The day to simulate must lie from ${AS_OF_RANGE.first} to ${AS_OF_RANGE.last} (got ${text})`,
    );
  return day;
}
