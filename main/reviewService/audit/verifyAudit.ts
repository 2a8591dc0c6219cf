/**
 * Verifies a team's audit log against its chain (auditChain.ts) and says how far it verifies:
 * the entries written before sealing must hash to what the genesis vouches for, every sealed
 * entry's MAC must follow from the one before, and the chain's head must be the last entry's
 * MAC (or entries were removed from the end). Used by `verify-audit` and `GET /v1/audit/verification`.
 */
import type pg from 'pg';
import type { AuditVerification } from '../../../contract/wire/review';
import type { AuditKey } from './auditKey';
import { CHAIN_COLUMNS, contentOf, genesisMac, macOf, unsealedEntries, type ChainRow } from './auditChain';

/** Sealed entries read per query. */
const BATCH = 5000;

function failureOf(row: ChainRow, reason: string): NonNullable<AuditVerification['FirstFailure']> {
  return {
    Id: Number(row.id),
    Sequence: Number(row.sequence),
    EventId: row.event_id,
    At: row.at.toISOString(),
    By: { UserKey: row.actor_key, Name: row.actor_name },
    Action: row.action,
    Reason: reason,
  };
}

/** A failure that no entry stands for (a missing head, a removed part of the log). */
function logFailure(at: Date, reason: string): NonNullable<AuditVerification['FirstFailure']> {
  return {
    Id: 0,
    Sequence: 0,
    EventId: '',
    At: at.toISOString(),
    By: { UserKey: '', Name: '' },
    Action: '',
    Reason: reason,
  };
}

/** How far `team`'s log verifies under `key`, as of now. */
export async function verifyAuditLog(
  db: pg.Pool | pg.ClientBase,
  team: string,
  key: AuditKey,
  now: () => Date = () => new Date(),
): Promise<AuditVerification> {
  const [{ rows: heads }, { rows: counts }] = await Promise.all([
    db.query<{ chain_mac: Buffer | null; chain_key_id: string | null; sealed_before: string }>(
      'SELECT chain_mac, chain_key_id, sealed_before FROM review_sequence WHERE team = $1',
      [team],
    ),
    db.query<{ count: string }>('SELECT count(*) FROM review_audit WHERE team = $1', [team]),
  ]);
  const head = heads[0];
  const entries = Number(counts[0]?.count ?? 0);
  const sealedBefore = Number(head?.sealed_before ?? 0);
  const result = (verified: number, failure?: AuditVerification['FirstFailure']): AuditVerification => ({
    Entries: entries,
    VerifiedEntries: verified,
    SealedBefore: sealedBefore,
    ...(failure ? { FirstFailure: failure } : {}),
    CheckedAt: now().toISOString(),
  });
  if (!head?.chain_mac || !head.chain_key_id) {
    return result(
      0,
      logFailure(now(), 'The log has no chain head: no review service sealed it, or its head was removed.'),
    );
  }
  if (head.chain_key_id !== key.id) {
    return result(
      0,
      logFailure(
        now(),
        `The log is sealed with another key (fingerprint ${head.chain_key_id}; this key is ${key.id}).`,
      ),
    );
  }
  const unsealed = await unsealedEntries(db, team);
  if (unsealed.count !== sealedBefore) {
    const reason = `${sealedBefore} entries were written before the log was sealed, and ${unsealed.count} entries without a MAC are there now: entries were inserted or removed.`;
    return result(0, unsealed.first ? failureOf(unsealed.first, reason) : logFailure(now(), reason));
  }

  let previous = genesisMac(key, team, unsealed.count, unsealed.digest);
  let verified = 0;
  let last: ChainRow | undefined;
  let after: [string, number] = ['0', -1];
  for (;;) {
    const { rows } = await db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM review_audit WHERE team = $1 AND position IS NOT NULL
         AND (sequence, position) > ($2::bigint, $3::smallint) ORDER BY sequence, position LIMIT ${BATCH}`,
      [team, after[0], after[1]],
    );
    for (const row of rows) {
      const expected = macOf(key, previous, contentOf(row));
      if (!row.mac || !row.mac.equals(expected)) {
        const reason = !row.mac
          ? 'It has no MAC: the review service did not write it.'
          : verified === 0 && unsealed.count > 0
            ? 'Its MAC does not follow from the entries written before the log was sealed: it, or one of them, was inserted or changed.'
            : 'Its MAC does not follow from the entry before it: it was inserted or changed, or an entry before it was removed.';
        return result(unsealed.count + verified, failureOf(row, reason));
      }
      previous = expected;
      verified++;
      last = row;
    }
    if (rows.length < BATCH) break;
    after = [rows.at(-1)!.sequence, rows.at(-1)!.position!];
  }
  if (!previous.equals(head.chain_mac)) {
    const reason = last
      ? 'The log ends here, but its chain goes on: entries after this one were removed.'
      : 'The log holds no sealed entry, but its chain names some: they were removed.';
    return result(unsealed.count + verified, last ? failureOf(last, reason) : logFailure(now(), reason));
  }
  return result(unsealed.count + verified);
}
