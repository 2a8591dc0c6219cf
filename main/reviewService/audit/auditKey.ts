/**
 * The key that seals the team's audit log, held outside the database (a file given by
 * `--audit-key` or REFDESK_REVIEW_AUDIT_KEY_FILE, readable by the service's user only): whoever
 * can write to the database but does not have this file cannot write an entry that verifies.
 * `create-audit-key` writes a new one (32 random bytes, base64url, mode 0600); every replica of
 * a team and `verify-audit` are given the same file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';

/** The key and its fingerprint (what the chain's head records, so a replica with another key is refused). */
export interface AuditKey {
  key: Buffer;
  /** The first 16 hex digits of the key's SHA-256: names the key without revealing it. */
  id: string;
}

const KEY_BYTES = 32;

/** The fingerprint of `key`. */
export function auditKeyOf(key: Buffer): AuditKey {
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}

/** Reads the key file; throws an Error in words when it is missing, too open or not a key. */
export function loadAuditKey(file: string): AuditKey {
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode;
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`Cannot read the audit key file ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new Error(
      `The audit key file ${file} can be read by other users (mode ${(mode & 0o777).toString(8)}): chmod 600 it.`,
    );
  }
  const key = Buffer.from(text, 'base64url');
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text) || key.length < KEY_BYTES) {
    throw new Error(
      `The audit key file ${file} does not hold a key (${KEY_BYTES} or more bytes, base64url): create one with create-audit-key.`,
    );
  }
  return auditKeyOf(key);
}

/** Writes a new key to `file` (never over an existing file), readable by its owner only. */
export function createAuditKeyFile(file: string): AuditKey {
  const key = randomBytes(KEY_BYTES);
  try {
    writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    throw new Error(`Cannot create the audit key file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return auditKeyOf(key);
}
