/**
 * Storage of corporate action events: `events` (indexed columns + the wire body as JSON),
 * `event_holdings` (one row per event and account), and `event_scopes`, one row per event and
 * per scope a query can name (an account, an account group, a client's own accounts, a client
 * with its sub-clients) with the scope's aggregates and copies of the filter and sort columns,
 * so a list query is a range scan of one scope. Dates are day numbers, enumerations small
 * integers (codes.ts).
 */
import type Database from 'better-sqlite3';

export const EVENTS_SCHEMA = `
CREATE TABLE ca_instruments (
  instrument_id INTEGER PRIMARY KEY,
  uic INTEGER NOT NULL,
  asset_type TEXT NOT NULL,
  desc_rank INTEGER NOT NULL
);
-- Keywords: description|isin|symbol per instrument (rowid = instrument_id); trigrams make
-- substring LIKE of three characters or more an index look-up.
CREATE VIRTUAL TABLE ca_search USING fts5(search, tokenize = 'trigram', detail = 'none');
CREATE TABLE events (
  event_id INTEGER PRIMARY KEY,
  instrument_id INTEGER NOT NULL,
  code INTEGER NOT NULL,
  state INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE event_holdings (
  event_id INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  amount REAL NOT NULL,
  elected_amount REAL,
  election INTEGER NOT NULL,
  cash_currency TEXT,
  cash_value REAL,
  standing INTEGER NOT NULL,
  elections TEXT,
  PRIMARY KEY (event_id, account_id)
) WITHOUT ROWID;
CREATE TABLE scopes (
  scope_id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  UNIQUE (kind, ref)
);
CREATE TABLE event_scopes (
  scope_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  instrument_id INTEGER NOT NULL,
  affected INTEGER NOT NULL,
  eligible REAL NOT NULL,
  election INTEGER NOT NULL,
  code INTEGER NOT NULL,
  ca_type INTEGER NOT NULL,
  state INTEGER NOT NULL,
  status INTEGER NOT NULL,
  asset_type INTEGER NOT NULL,
  lapsed INTEGER NOT NULL,
  sort_day INTEGER NOT NULL,
  ex_day INTEGER,
  record_day INTEGER,
  pay_day INTEGER,
  deadline_day INTEGER,
  desc_rank INTEGER NOT NULL,
  announced_day INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- Clustered by date within a scope: the default sort (Date) is a range walk of the table.
  PRIMARY KEY (scope_id, sort_day, event_id)
) WITHOUT ROWID;
-- Scope rows arrive in event order; they are appended here and moved over sorted at the end,
-- which builds the clustered table sequentially instead of by random inserts.
CREATE TEMP TABLE event_scopes_staging AS SELECT * FROM event_scopes WHERE 0;
`;

/** Run after the bulk insert: moves the scope rows in key order, then indexes them. */
export const EVENTS_INDEXES = `
INSERT INTO event_scopes SELECT * FROM event_scopes_staging ORDER BY scope_id, sort_day, event_id;
DROP TABLE event_scopes_staging;
CREATE UNIQUE INDEX event_scopes_by_event ON event_scopes (scope_id, event_id);
CREATE INDEX event_scopes_by_instrument ON event_scopes (instrument_id, scope_id);
`;

/** The scope kinds a query can name: an account, an account group, a client, a client tree. */
export type ScopeKind = 'A' | 'G' | 'C' | 'T';

/** Indexed columns of one event, shared by all its scope rows. */
export interface EventColumns {
  eventId: number;
  instrumentId: number;
  code: number;
  caType: number;
  state: number;
  status: number;
  assetType: number;
  lapsed: number;
  sortDay: number;
  exDay: number | null;
  recordDay: number | null;
  payDay: number | null;
  deadlineDay: number | null;
  descRank: number;
  announcedDay: number;
  updatedAt: number;
}

export interface HoldingRow {
  eventId: number;
  accountId: string;
  clientId: string;
  amount: number;
  electedAmount: number | null;
  election: number;
  cashCurrency: string | null;
  cashValue: number | null;
  standing: number;
  elections: string | null;
}

/** Prepared inserts of the event tables. */
export class EventWriter {
  private readonly insertEvent: Database.Statement;
  private readonly insertHolding: Database.Statement;
  private readonly insertScope: Database.Statement;

  constructor(db: Database.Database) {
    this.insertEvent = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?)');
    this.insertHolding = db.prepare('INSERT INTO event_holdings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.insertScope = db.prepare(
      'INSERT INTO event_scopes_staging VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  event(columns: EventColumns, body: string): void {
    this.insertEvent.run(columns.eventId, columns.instrumentId, columns.code, columns.state, body);
  }

  holding(row: HoldingRow): void {
    this.insertHolding.run(
      row.eventId,
      row.accountId,
      row.clientId,
      row.amount,
      row.electedAmount,
      row.election,
      row.cashCurrency,
      row.cashValue,
      row.standing,
      row.elections,
    );
  }

  scope(scopeId: number, columns: EventColumns, affected: number, eligible: number, election: number): void {
    const c = columns;
    this.insertScope.run(
      scopeId,
      c.eventId,
      c.instrumentId,
      affected,
      eligible,
      election,
      c.code,
      c.caType,
      c.state,
      c.status,
      c.assetType,
      c.lapsed,
      c.sortDay,
      c.exDay,
      c.recordDay,
      c.payDay,
      c.deadlineDay,
      c.descRank,
      c.announcedDay,
      c.updatedAt,
    );
  }
}
