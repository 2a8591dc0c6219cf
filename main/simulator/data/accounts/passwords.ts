/**
 * Password storage of the simulator's users: scrypt with a per-user salt, compared in constant
 * time, so the stored universe never holds a password in a usable form.
 */
import { scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

export interface PasswordHash {
  salt: Buffer;
  hash: Buffer;
}

/** Hashes `password` with `salt` (16 random bytes, drawn by the caller). */
export function hashPassword(password: string, salt: Buffer): PasswordHash {
  return { salt, hash: scryptSync(password.normalize('NFC'), salt, KEY_LENGTH) };
}

/** True when `password` matches the stored hash; takes the same time for any wrong password. */
export function verifyPassword(password: string, stored: PasswordHash): boolean {
  const candidate = scryptSync(password.normalize('NFC'), stored.salt, KEY_LENGTH);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}
