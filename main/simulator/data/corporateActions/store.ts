/**
 * Storage of corporate action events: `events` (indexed columns + the wire body as JSON),
 * `event_holdings` (one row per event and account), and `event_scopes`, one row per event and
 * per scope a query can name (an account, an account group, a client's own accounts, a client
 * with its sub-clients) with the scope's aggregates and copies of the filter and sort columns,
 * so a list query is a range scan of one scope. Dates are day numbers, enumerations small
 * integers (codes.ts).
 */
import type Database from 'better-sqlite3';
import { PendingScopeRows } from './scopeRows';

export const EVENTS_SCHEMA = `
CREATE TABLE ca_instruments (
  instrument_id INTEGER PRIMARY KEY,
  uic INTEGER NOT NULL,
  asset_type TEXT NOT NULL,
  desc_rank INTEGER NOT NULL
);
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
-- Every event slot the universe keeps ready (shown or not), with the days around today on
-- which its event can change: a roll rebuilds the slots whose next (or previous) change day
-- it passes, and no others.
CREATE TABLE ca_slots (
  instrument_id INTEGER NOT NULL,
  year INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  next_change INTEGER,
  previous_change INTEGER,
  PRIMARY KEY (instrument_id, year, event_id)
) WITHOUT ROWID;
`;

/** Run after the bulk insert (building an index at once is cheaper than row by row). */
const EVENTS_INDEXES = `
CREATE UNIQUE INDEX event_scopes_by_event ON event_scopes (scope_id, event_id);
CREATE INDEX event_scopes_by_instrument ON event_scopes (instrument_id, scope_id);
CREATE INDEX ca_instruments_by_uic ON ca_instruments (uic, asset_type);
-- Rolling forward reads the slots due by their next change; rolling back (rare) scans.
CREATE INDEX ca_slots_by_next_change ON ca_slots (next_change) WHERE next_change IS NOT NULL;
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

/**
 * Prepared writes of the event tables. While a universe is generated (`generating`) scope rows
 * are kept and written in key order by `finish`, which then indexes the tables; a roll writes
 * them in place.
 */
export class EventWriter {
  private readonly insertEvent: Database.Statement;
  private readonly insertHolding: Database.Statement;
  private readonly insertScopeRow: Database.Statement;
  private readonly eventExists: Database.Statement;
  private readonly deleteStatements: Database.Statement[];
  private readonly saveSlot: Database.Statement;
  private readonly forgetSlot: Database.Statement;
  private readonly updateScope: Database.Statement | undefined;
  private readonly updateSlot: Database.Statement | undefined;
  private readonly pendingScopes: PendingScopeRows | undefined;

  constructor(
    private readonly db: Database.Database,
    generating: boolean,
  ) {
    // A roll writes an event over its stored rows (same keys: its holders and scopes do not change).
    const insert = generating ? 'INSERT' : 'INSERT OR REPLACE';
    this.insertEvent = db.prepare(`${insert} INTO events VALUES (?, ?, ?, ?, ?)`);
    this.insertHolding = db.prepare(`${insert} INTO event_holdings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.insertScopeRow = db.prepare(
      `${insert} INTO event_scopes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.eventExists = db.prepare('SELECT 1 FROM events WHERE event_id = ?').pluck();
    this.deleteStatements = [
      db.prepare('DELETE FROM events WHERE event_id = ?'),
      db.prepare('DELETE FROM event_holdings WHERE event_id = ?'),
      db.prepare('DELETE FROM event_scopes WHERE scope_id = ? AND event_id = ?'),
    ];
    this.saveSlot = db.prepare('INSERT OR REPLACE INTO ca_slots VALUES (?, ?, ?, ?, ?)');
    this.forgetSlot = db.prepare(
      'DELETE FROM ca_slots WHERE instrument_id = ? AND year = ? AND event_id = ?',
    );
    if (generating) this.pendingScopes = new PendingScopeRows();
    else {
      this.updateScope = db.prepare(
        `UPDATE event_scopes SET affected = ?, eligible = ?, election = ?, code = ?, ca_type = ?, state = ?, status = ?,
           asset_type = ?, lapsed = ?, ex_day = ?, record_day = ?, pay_day = ?, deadline_day = ?, desc_rank = ?,
           announced_day = ?, updated_at = ? WHERE scope_id = ? AND sort_day = ? AND event_id = ?`,
      );
      this.updateSlot = db.prepare(
        'UPDATE ca_slots SET next_change = ?, previous_change = ? WHERE instrument_id = ? AND year = ? AND event_id = ?',
      );
    }
  }

  /**
   * Removes an event with its holdings and its rows in `scopeIds` (the scopes of the accounts
   * holding its instrument), if it is stored (it changes, or stops being shown).
   */
  removeEvent(eventId: number, scopeIds: readonly number[]): void {
    if (this.eventExists.get(eventId) === undefined) return;
    const [events, holdings, scopes] = this.deleteStatements as [
      Database.Statement,
      Database.Statement,
      Database.Statement,
    ];
    events.run(eventId);
    holdings.run(eventId);
    for (const scopeId of scopeIds) scopes.run(scopeId, eventId);
  }

  /** Records a slot with the change days around the day it was written for. */
  slot(
    eventId: number,
    instrumentId: number,
    year: number,
    next: number | null,
    previous: number | null,
  ): void {
    if (this.updateSlot?.run(next, previous, instrumentId, year, eventId).changes) return;
    this.saveSlot.run(instrumentId, year, eventId, next, previous);
  }

  /** Forgets a slot (its year left the universe, or its instrument changed). */
  forget(eventId: number, instrumentId: number, year: number): void {
    this.forgetSlot.run(instrumentId, year, eventId);
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
    if (this.pendingScopes) {
      this.pendingScopes.add(scopeId, columns, affected, eligible, election);
      return;
    }
    const c = columns;
    // A roll finds most rows in place (their key does not change): an update by key is cheaper
    // than replacing a row and its index entries.
    if (
      this.updateScope?.run(
        affected,
        eligible,
        election,
        c.code,
        c.caType,
        c.state,
        c.status,
        c.assetType,
        c.lapsed,
        c.exDay,
        c.recordDay,
        c.payDay,
        c.deadlineDay,
        c.descRank,
        c.announcedDay,
        c.updatedAt,
        scopeId,
        c.sortDay,
        c.eventId,
      ).changes
    )
      return;
    this.insertScope(scopeId, c, affected, eligible, election);
  }

  /** Generation's end: the kept scope rows in key order, then the indexes. */
  finish(): void {
    this.pendingScopes?.drain((scopeId, row) =>
      this.insertScope(scopeId, row.columns, row.affected, row.eligible, row.election),
    );
    this.db.exec(EVENTS_INDEXES);
  }

  private insertScope(scopeId: number, c: EventColumns, affected: number, eligible: number, election: number): void {
    this.insertScopeRow.run(
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
