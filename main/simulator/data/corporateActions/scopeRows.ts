/**
 * The scope rows of a generation, kept in memory and written in key order at the end: the
 * clustered `event_scopes` table is then built by appends. Rows arrive in event order, one per
 * scope holding the event's instrument; staging them in a table and copying them over sorted
 * cost SQLite 3 s at the large scale (1.5 million rows), sorting them here under a second.
 */
import type { EventColumns } from './store';

/** A scope's aggregates of one event; the event's own columns are shared by all its rows. */
export interface ScopeRow {
  columns: EventColumns;
  affected: number;
  eligible: number;
  election: number;
}

/** Within a scope: by sort day, then event id (the table's key after the scope id). */
function byDayThenEvent(a: ScopeRow, b: ScopeRow): number {
  return a.columns.sortDay - b.columns.sortDay || a.columns.eventId - b.columns.eventId;
}

export class PendingScopeRows {
  /** Rows by scope id; scope ids are small integers (the `scopes` table's keys). */
  private readonly byScope: ScopeRow[][] = [];

  add(scopeId: number, columns: EventColumns, affected: number, eligible: number, election: number): void {
    let rows = this.byScope[scopeId];
    if (!rows) this.byScope[scopeId] = rows = [];
    rows.push({ columns, affected, eligible, election });
  }

  /** Hands every row over in key order (scope id, sort day, event id), then forgets them. */
  drain(visit: (scopeId: number, row: ScopeRow) => void): void {
    for (let scopeId = 0; scopeId < this.byScope.length; scopeId++) {
      const rows = this.byScope[scopeId];
      if (!rows) continue;
      rows.sort(byDayThenEvent);
      for (const row of rows) visit(scopeId, row);
      this.byScope[scopeId] = [];
    }
  }
}
