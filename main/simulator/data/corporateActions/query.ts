/**
 * The event list as SQL over `event_scopes`: every filter of spec 4.10 on the indexed columns
 * of one scope, the lapsed rule of spec section 3, and a stable order (ties broken by EventId
 * in the same direction) so that paging yields every event exactly once.
 */
import type Database from 'better-sqlite3';
import { statement } from '../statements';

export const EVENT_SORT_COLUMNS = {
  AffectedAccounts: 'affected',
  AnnouncedDate: 'announced_day',
  CorporateActionType: 'ca_type',
  Date: 'sort_day',
  EligibleHoldings: 'eligible',
  EventId: 'event_id',
  EventType: 'code',
  InstrumentDescription: 'desc_rank',
  UpdatedDateTime: 'updated_at',
} as const;
export type EventSortColumnName = keyof typeof EVENT_SORT_COLUMNS;

export type DayColumn = 'ex_day' | 'record_day' | 'pay_day' | 'deadline_day';

/** A validated list query; enumerations already encoded (events/codes.ts), dates as day numbers. */
export interface EventListFilter {
  scopeId: number;
  /** Each list restricts its column to the encoded values (an empty list matches nothing). */
  assetTypes?: number[];
  corporateActionTypes?: number[];
  electionStatuses?: number[];
  states?: number[];
  statuses?: number[];
  codes?: number[];
  dayRanges: { column: DayColumn; from?: number; to?: number }[];
  includeLapsed: boolean;
  /** Lower-case words, each to be found in the description, ISIN or symbol. */
  keywords: string[];
  sort: { column: EventSortColumnName; descending: boolean };
  top: number;
  skip: number;
}

/** One event of a page with its aggregates in the scope. */
export interface EventListRow {
  event_id: number;
  affected: number;
  eligible: number;
  election: number;
}

function where(filter: EventListFilter): { sql: string; params: (string | number)[] } {
  const clauses = ['scope_id = ?'];
  const params: (string | number)[] = [filter.scopeId];
  const inList = (column: string, values: number[] | undefined) => {
    if (values === undefined) return;
    if (values.length === 0) clauses.push('0');
    else {
      clauses.push(`${column} IN (${values.map(() => '?').join(',')})`);
      params.push(...values);
    }
  };
  inList('asset_type', filter.assetTypes);
  inList('ca_type', filter.corporateActionTypes);
  inList('election', filter.electionStatuses);
  inList('state', filter.states);
  inList('status', filter.statuses);
  inList('code', filter.codes);
  for (const range of filter.dayRanges) {
    if (range.from !== undefined) {
      clauses.push(`${range.column} >= ?`);
      params.push(range.from);
    }
    if (range.to !== undefined) {
      clauses.push(`${range.column} <= ?`);
      params.push(range.to);
    }
  }
  if (!filter.includeLapsed) clauses.push('lapsed = 0');
  if (filter.keywords.length > 0) {
    // LIKE of three plain characters or more is a trigram index look-up; shorter words and
    // words with LIKE wildcards are matched literally with instr() (a scan of the instruments).
    const plain = (word: string) => word.length >= 3 && !/[%_]/.test(word);
    const tests = filter.keywords
      .map((word) => (plain(word) ? 'search LIKE ?' : 'instr(search, ?) > 0'))
      .join(' AND ');
    clauses.push(`instrument_id IN (SELECT rowid FROM ca_search WHERE ${tests})`);
    params.push(...filter.keywords.map((word) => (plain(word) ? `%${word}%` : word)));
  }
  return { sql: clauses.join(' AND '), params };
}

/** One page of the events of a scope and the total count of the filtered list. */
export function listEvents(
  db: Database.Database,
  filter: EventListFilter,
): { rows: EventListRow[]; total: number } {
  const { sql, params } = where(filter);
  const column = EVENT_SORT_COLUMNS[filter.sort.column];
  const direction = filter.sort.descending ? 'DESC' : 'ASC';
  const order =
    column === 'event_id' ? `event_id ${direction}` : `${column} ${direction}, event_id ${direction}`;
  const total = statement(db, `SELECT count(*) FROM event_scopes WHERE ${sql}`)
    .pluck()
    .get(...params) as number;
  const rows =
    filter.top === 0 || filter.skip >= total
      ? []
      : (statement(
          db,
          `SELECT event_id, affected, eligible, election FROM event_scopes WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        ).all(...params, filter.top, filter.skip) as EventListRow[]);
  return { rows, total };
}

/** The aggregates of one event in one scope, or undefined when the scope holds none of it. */
export function eventInScope(
  db: Database.Database,
  scopeId: number,
  eventId: number,
): EventListRow | undefined {
  return statement(
    db,
    'SELECT event_id, affected, eligible, election FROM event_scopes WHERE scope_id = ? AND event_id = ?',
  ).get(scopeId, eventId) as EventListRow | undefined;
}
