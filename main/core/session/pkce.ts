/**
 * Proof Key for Code Exchange (RFC 7636) with the S256 method: a high-entropy verifier kept in
 * main, and its challenge sent on the authorize URL.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A fresh code verifier: 32 random bytes as base64url (43 characters, RFC 7636 4.1). */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** `BASE64URL(SHA256(ASCII(verifier)))` (RFC 7636 4.2). */
export function codeChallengeS256(verifier: string): string {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
    throw new Error('A PKCE code verifier has 43 to 128 unreserved characters (RFC 7636 4.1)');
  }
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
