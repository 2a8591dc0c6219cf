/**
 * Events as the API answers them: the stored wire body plus, for the scope asked about, either
 * the holdings (IncludeSubAccounts=false) or AffectedAccounts and EligibleHoldings
 * (IncludeSubAccounts=true), and the scope's ElectionStatus. Bodies are spliced as JSON text,
 * never parsed, which keeps a page of a hundred events cheap.
 */
import type Database from 'better-sqlite3';
import type { Holding } from '../../../../contract/wire/types';
import { ELECTION_STATUSES } from './codes';
import type { EventListRow } from './query';
import { statement } from '../statements';

/** Which holdings of an event the caller sees when it asks for Holdings. */
export type HoldingSelection = { accountId: string } | { accountGroupId: string } | { clientId: string };

interface HoldingRow {
  event_id: number;
  account_id: string;
  amount: number;
  elected_amount: number | null;
  election: number;
  cash_currency: string | null;
  cash_value: number | null;
  standing: number;
  elections: string | null;
  account_key: string;
  client_id: string;
  client_key: string;
  client_name: string;
  owner_id: string;
}

const HOLDING_SELECT = `SELECT h.*, a.account_key, c.client_key, c.name AS client_name, COALESCE(top.client_id, c.client_id) AS owner_id
  FROM event_holdings h JOIN accounts a ON a.account_id = h.account_id JOIN clients c ON c.client_id = h.client_id
  JOIN users u ON u.user_id = c.owner_user_id LEFT JOIN clients top ON top.client_id = u.client_id`;

function selectionClause(selection: HoldingSelection): { sql: string; value: string } {
  if ('accountId' in selection) return { sql: 'h.account_id = ?', value: selection.accountId };
  if ('accountGroupId' in selection)
    return { sql: 'a.account_group_id = ?', value: selection.accountGroupId };
  return { sql: 'h.client_id = ?', value: selection.clientId };
}

function toHolding(row: HoldingRow): Holding {
  const electable = row.election > 0;
  return {
    AccountId: row.account_id,
    AccountKey: row.account_key,
    Amount: row.amount,
    ...(row.cash_value !== null && row.cash_currency !== null
      ? { CashReserved: { Currency: row.cash_currency, Value: row.cash_value } }
      : {}),
    ClientId: row.client_id,
    ClientKey: row.client_key,
    ClientName: row.client_name,
    ...(electable
      ? { ElectedAmount: row.elected_amount ?? 0, ElectionStatus: ELECTION_STATUSES[row.election] }
      : {}),
    EventId: String(row.event_id),
    ...(row.elections ? { Options: JSON.parse(row.elections) as Holding['Options'] } : {}),
    OwnerId: row.owner_id,
    ...(electable ? { StandingInstructionStatus: row.standing ? 'Created' : 'NotCreated' } : {}),
  };
}

/** Holdings of the selection in each of the events, by event id. */
function holdingsOf(
  db: Database.Database,
  eventIds: number[],
  selection: HoldingSelection,
): Map<number, Holding[]> {
  const byEvent = new Map<number, Holding[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const clause = selectionClause(selection);
  const rows = statement(
    db,
    `${HOLDING_SELECT} WHERE h.event_id IN (${eventIds.map(() => '?').join(',')}) AND ${clause.sql} ORDER BY h.event_id, h.account_id`,
  ).all(...eventIds, clause.value) as HoldingRow[];
  for (const row of rows) byEvent.get(row.event_id)?.push(toHolding(row));
  return byEvent;
}

/** Stored bodies by event id. */
function bodiesOf(db: Database.Database, eventIds: number[]): Map<number, string> {
  if (eventIds.length === 0) return new Map();
  const rows = statement(
    db,
    `SELECT event_id, body FROM events WHERE event_id IN (${eventIds.map(() => '?').join(',')})`,
  ).all(...eventIds) as {
    event_id: number;
    body: string;
  }[];
  return new Map(rows.map((row) => [row.event_id, row.body]));
}

/** How the events of a response are completed for its scope. */
export type EventShape = { kind: 'aggregated' } | { kind: 'holdings'; selection: HoldingSelection };

/**
 * The events of `rows` (in that order) as JSON texts, completed for the scope. A row of an
 * event the scope does not hold has zero aggregates (single-event reads may show those).
 */
export function eventJsonTexts(db: Database.Database, rows: EventListRow[], shape: EventShape): string[] {
  const ids = rows.map((row) => row.event_id);
  const bodies = bodiesOf(db, ids);
  const holdings = shape.kind === 'holdings' ? holdingsOf(db, ids, shape.selection) : undefined;
  return rows.map((row) => {
    const body = bodies.get(row.event_id);
    if (body === undefined) throw new Error(`Event ${row.event_id} has no body`);
    const extra: Record<string, unknown> = {};
    if (row.election > 0) extra.ElectionStatus = ELECTION_STATUSES[row.election];
    if (holdings) extra.Holdings = holdings.get(row.event_id) ?? [];
    else {
      extra.AffectedAccounts = row.affected;
      extra.EligibleHoldings = row.eligible;
    }
    return `${body.slice(0, -1)},${JSON.stringify(extra).slice(1)}`;
  });
}

/** The stored state and body of one event, or undefined. */
export function eventState(db: Database.Database, eventId: number): number | undefined {
  return statement(db, 'SELECT state FROM events WHERE event_id = ?').pluck().get(eventId) as
    number | undefined;
}
