/**
 * The audit log's commands: `create-audit-key --audit-key FILE` writes a new key (0600, never
 * over an existing file); `verify-audit --team FILE --audit-key FILE --database URL` verifies the
 * team's log and names the first entry that does not verify (exit 0 when all verify, 1 when one
 * does not).
 */
import pg from 'pg';
import type { AuditVerification } from '../../../contract/wire/review';
import { UsageError } from '../../node/cli';
import { auditKeyOf, databaseUrlOf, required, teamOf, type OptionValues } from '../cliOptions';
import { serviceClientConfig } from '../database/pool';
import { createAuditKeyFile } from './auditKey';
import { verifyAuditLog } from './verifyAudit';

const count = (n: number) => n.toLocaleString('en-US');

/** Writes a new audit key; answers the line to print. */
export function createAuditKeyCommand(values: OptionValues): string {
  const file = required(values, 'audit-key', 'where to write the new key');
  try {
    const key = createAuditKeyFile(file);
    return `Created the audit key ${file} (fingerprint ${key.id}, readable by you only). Give it to every replica of the team and keep a copy apart from the database's backups.`;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The verification in words, as verify-audit prints it. */
export function describeVerification(teamName: string, result: AuditVerification): string {
  const lines = [`Audit log of the team ${teamName}: ${count(result.Entries)} entries.`];
  const before =
    result.SealedBefore > 0 ? ` (${count(result.SealedBefore)} written before the log was sealed)` : '';
  const failure = result.FirstFailure;
  if (!failure) {
    lines.push(`All ${count(result.Entries)} entries verify${before}.`);
    return lines.join('\n');
  }
  lines.push(
    result.VerifiedEntries > 0
      ? `The first ${count(result.VerifiedEntries)} entries verify${before}; the log does not verify from there.`
      : 'The log does not verify from its first entry.',
  );
  lines.push(
    failure.Id > 0
      ? `Entry Id ${failure.Id} (change ${failure.Sequence}, event ${failure.EventId}, ${failure.At}, ${failure.By.Name || failure.By.UserKey}, ${failure.Action}): ${failure.Reason}`
      : failure.Reason,
  );
  return lines.join('\n');
}

/** Verifies the team's log; answers what to print and whether it all verifies. */
export async function verifyAuditCommand(values: OptionValues): Promise<{ text: string; ok: boolean }> {
  const { team } = teamOf(values);
  const key = auditKeyOf(values);
  const client = new pg.Client(serviceClientConfig(databaseUrlOf(values)));
  await client.connect();
  try {
    const result = await verifyAuditLog(client, team.id, key);
    return { text: describeVerification(team.name, result), ok: !result.FirstFailure };
  } finally {
    await client.end();
  }
}
