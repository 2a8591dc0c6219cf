/**
 * Bonds and certificates as series of issues: an instrument (one uic, one ISIN) is the issue of
 * its line outstanding on the universe's day. Each was drawn with the years it had left at the
 * series epoch; the issues before and after it lie a tenor apart. On the day after an issue
 * matures the next one is outstanding, so an instrument's maturity stays put for a whole tenor,
 * and a roll rewrites only the few whose issue matured.
 *
 * `instrument_series` keeps, per instrument, what it is made of (`terms`, as drawn), the
 * maturity of the issue outstanding and of the one before: a roll reads only the rows whose
 * outstanding issue the day passed.
 */
import type Database from 'better-sqlite3';

const YEAR_MS = 365.25 * 86_400_000;
/** Instruments are drawn with their remaining life on this day. */
const SERIES_EPOCH = Date.UTC(2026, 0, 1);

export const SERIES_SCHEMA = `
CREATE TABLE instrument_series (
  uic INTEGER PRIMARY KEY,
  remaining REAL NOT NULL,
  maturity TEXT NOT NULL,
  previous_maturity TEXT NOT NULL,
  terms TEXT NOT NULL
);
`;

/**
 * What a roll looks the series up by; made after the bulk inserts (reference:indexes), as a
 * sort, rather than row by row in random order while the bonds and certificates are written.
 */
export const SERIES_INDEXES = `
CREATE INDEX instrument_series_by_maturity ON instrument_series (maturity);
CREATE INDEX instrument_series_by_previous_maturity ON instrument_series (previous_maturity);
`;

/** The maturities of a line's outstanding issue and of the one before it. */
export interface Issue {
  maturity: Date;
  previous: Date;
}

/**
 * The issue outstanding on `asOf` of a line whose issue at the epoch had `remaining` years
 * left, issues `tenorYears` apart, each maturing on the first date `onOrAfter` gives for its
 * nominal maturity: the first issue maturing on or after `asOf`.
 */
export function issueOn(
  asOf: Date,
  remaining: number,
  tenorYears: number,
  onOrAfter: (nominal: Date) => Date,
): Issue {
  const tenor = tenorYears * YEAR_MS;
  const maturityOf = (k: number) => onOrAfter(new Date(SERIES_EPOCH + remaining * YEAR_MS + k * tenor));
  let k = Math.ceil((asOf.getTime() - SERIES_EPOCH - remaining * YEAR_MS) / tenor);
  while (maturityOf(k) < asOf) k++;
  while (maturityOf(k - 1) >= asOf) k--;
  const maturity = maturityOf(k);
  // Nominal dates closer than the pattern's dates can land on the same date: the previous
  // issue is the last one maturing before this one.
  let previous = k - 1;
  while (maturityOf(previous) >= maturity) previous--;
  return { maturity, previous: maturityOf(previous) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Writes and reads the series rows of one kind of instrument (one uic block). */
export class SeriesStore<Terms> {
  private readonly insert: Database.Statement;
  private readonly due: Database.Statement;
  private readonly update: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly block: { first: number; last: number },
  ) {
    this.insert = db.prepare('INSERT INTO instrument_series VALUES (?, ?, ?, ?, ?)');
    // The due rows found through the maturity indexes: a scan of the uic block read every
    // series row (11,000 at the default scale, 52 ms on a roll's cold page cache) to find a few.
    this.due = db.prepare(
      `SELECT uic, remaining, terms FROM instrument_series
       WHERE uic IN (SELECT uic FROM instrument_series WHERE maturity < ?
                     UNION SELECT uic FROM instrument_series WHERE previous_maturity >= ?)
         AND uic BETWEEN ? AND ? ORDER BY uic`,
    );
    this.update = db.prepare(
      'UPDATE instrument_series SET maturity = ?, previous_maturity = ? WHERE uic = ?',
    );
  }

  /** Records an instrument as generated. */
  add(uic: number, remaining: number, issue: Issue, terms: Terms): void {
    this.insert.run(uic, remaining, isoDay(issue.maturity), isoDay(issue.previous), JSON.stringify(terms));
  }

  /** The instruments whose outstanding issue is another on `asOf` than the one recorded. */
  dueOn(asOf: Date): { uic: number; remaining: number; terms: Terms }[] {
    const day = isoDay(asOf);
    return (
      this.due.all(day, day, this.block.first, this.block.last) as {
        uic: number;
        remaining: number;
        terms: string;
      }[]
    ).map((row) => ({ uic: row.uic, remaining: row.remaining, terms: JSON.parse(row.terms) as Terms }));
  }

  /** Records the issue now outstanding. */
  moved(uic: number, issue: Issue): void {
    this.update.run(isoDay(issue.maturity), isoDay(issue.previous), uic);
  }
}

/**
 * Instruments a roll wrote again with other terms (a bond's next issue): later steps whose
 * content derives from them (corporate actions) read this table of the rolling connection.
 */
export const ROLLED_INSTRUMENTS_SCHEMA =
  'CREATE TEMP TABLE IF NOT EXISTS rolled_instruments (uic INTEGER NOT NULL, asset_type TEXT NOT NULL, PRIMARY KEY (uic, asset_type))';
