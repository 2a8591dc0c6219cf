/**
 * PKCE (RFC 7636) with the S256 method only: `plain` would let anyone who saw the authorization
 * request redeem the code, so the simulator refuses it like a careful server does.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** A base64url SHA-256 digest: 32 bytes are 43 characters without padding. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether `challenge` has the shape of an S256 code challenge. */
export function isS256Challenge(challenge: string): boolean {
  return CHALLENGE_PATTERN.test(challenge);
}

/** The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Why `verifier` cannot be a PKCE code verifier (RFC 7636 section 4.1), in the words a client
 * developer needs; undefined when it is well-formed.
 */
export function verifierProblem(verifier: string): string | undefined {
  if (VERIFIER_PATTERN.test(verifier)) return undefined;
  const length = verifier.length;
  const shape = length < 43 || length > 128 ? `it has ${length}` : 'it has other characters';
  return `code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 section 4.1); ${shape}.`;
}

/** Whether `verifier` is well-formed and hashes to `challenge`. */
export function verifyS256(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier) || !isS256Challenge(challenge)) return false;
  return timingSafeEqual(Buffer.from(s256Challenge(verifier)), Buffer.from(challenge));
}
