/**
 * The team's audit log as a chain: each entry's MAC is HMAC-SHA256, under the team's audit key,
 * over the previous entry's MAC and the entry's canonical content (team, change, position,
 * event, time, who, what, before, after, version, facts). The chain starts from a genesis MAC
 * that also vouches for the entries written before the log was sealed (an upgrade). The head of
 * the chain (the newest MAC) lives on the team's row of review_sequence, whose row lock every
 * writer of the team takes first, on any replica: one chain per team, in commit order.
 */
import { createHash, createHmac } from 'node:crypto';
import type pg from 'pg';
import type { EventFacts } from '../../../contract/wire/review';
import type { AuditKey } from './auditKey';

/** What an entry's MAC covers (the row's id is storage, not content: the chain's order is sequence, position). */
export interface AuditContent {
  team: string;
  sequence: number;
  /** Absent for entries written before the log was sealed. */
  position: number | null;
  eventId: string;
  at: Date;
  actorKey: string;
  actorName: string;
  action: string;
  before: string;
  after: string;
  eventVersion: number | null;
  eventFacts: EventFacts | null;
}

/** JSON with object keys in order, so the same content always gives the same bytes. */
function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The bytes an entry's MAC is computed over (with the previous MAC before them). */
export function canonicalContent(entry: AuditContent): string {
  return JSON.stringify([
    'refdesk-audit-1',
    entry.team,
    entry.sequence,
    entry.position,
    entry.eventId,
    entry.at.toISOString(),
    entry.actorKey,
    entry.actorName,
    entry.action,
    entry.before,
    entry.after,
    entry.eventVersion,
    entry.eventFacts ? canonicalJson(entry.eventFacts) : null,
  ]);
}

/** The MAC of `entry` chained to `previous`. */
export function macOf(key: AuditKey, previous: Buffer, entry: AuditContent): Buffer {
  return createHmac('sha256', key.key).update(previous).update(canonicalContent(entry)).digest();
}

/** Where the chain starts: vouches for the `count` entries written before sealing, whose content hashes to `digest`. */
export function genesisMac(key: AuditKey, team: string, count: number, digest: Buffer): Buffer {
  return createHmac('sha256', key.key)
    .update(JSON.stringify(['refdesk-audit-genesis-1', team, count, digest.toString('hex')]))
    .digest();
}

/** A row of review_audit as the chain reads it. */
export interface ChainRow {
  id: string;
  team: string;
  sequence: string;
  position: number | null;
  event_id: string;
  at: Date;
  actor_key: string;
  actor_name: string;
  action: string;
  before: string;
  after: string;
  event_version: number | null;
  event_facts: EventFacts | null;
  mac: Buffer | null;
}

export const CHAIN_COLUMNS =
  'id, team, sequence, position, event_id, at, actor_key, actor_name, action, before, after, event_version, event_facts, mac';

export function contentOf(row: ChainRow): AuditContent {
  return {
    team: row.team,
    sequence: Number(row.sequence),
    position: row.position,
    eventId: row.event_id,
    at: row.at,
    actorKey: row.actor_key,
    actorName: row.actor_name,
    action: row.action,
    before: row.before,
    after: row.after,
    eventVersion: row.event_version,
    eventFacts: row.event_facts,
  };
}

/** The entries written before the log was sealed: their count and the digest of their content, in id order. */
export async function unsealedEntries(
  db: pg.ClientBase | pg.Pool,
  team: string,
): Promise<{ count: number; digest: Buffer; first?: ChainRow }> {
  const { rows } = await db.query<ChainRow>(
    `SELECT ${CHAIN_COLUMNS} FROM review_audit WHERE team = $1 AND position IS NULL ORDER BY id`,
    [team],
  );
  const hash = createHash('sha256');
  for (const row of rows) hash.update(canonicalContent(contentOf(row))).update('\n');
  return { count: rows.length, digest: hash.digest(), ...(rows[0] ? { first: rows[0] } : {}) };
}

/** Thrown at start when the team's log cannot be continued by this replica (another key, a lost head). */
export class AuditChainError extends Error {}

/**
 * Makes sure the team's chain has a head, sealing the entries already written (an upgrade) the
 * first time, and that it was sealed with this replica's key. Runs once at start.
 */
export async function sealAuditChain(pool: pg.Pool, team: string, key: AuditKey): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO review_sequence (team, last_sequence) VALUES ($1, 0) ON CONFLICT (team) DO NOTHING',
      [team],
    );
    const { rows } = await client.query<{ chain_key_id: string | null }>(
      'SELECT chain_key_id FROM review_sequence WHERE team = $1 FOR UPDATE',
      [team],
    );
    const keyId = rows[0]?.chain_key_id;
    if (keyId && keyId !== key.id) {
      throw new AuditChainError(
        `The audit log of team ${team} is sealed with another key (fingerprint ${keyId}); this replica was given the key ${key.id}. ` +
          'Give every replica of the team the same --audit-key file.',
      );
    }
    if (!keyId) {
      const sealed = await client.query(
        'SELECT 1 FROM review_audit WHERE team = $1 AND mac IS NOT NULL LIMIT 1',
        [team],
      );
      if (sealed.rowCount) {
        throw new AuditChainError(
          `The audit log of team ${team} has sealed entries but its chain head is gone: the log was tampered with. ` +
            'Run verify-audit, and restore the database from a backup.',
        );
      }
      const before = await unsealedEntries(client, team);
      await client.query(
        `UPDATE review_sequence SET chain_mac = $2, chain_key_id = $3, sealed_before = $4, sealed_at = now() WHERE team = $1`,
        [team, genesisMac(key, team, before.count, before.digest), key.id, before.count],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
