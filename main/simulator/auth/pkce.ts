/**
 * PKCE (RFC 7636) with the S256 method only: `plain` would let anyone who saw the authorization
 * request redeem the code, so the simulator refuses it like a careful server does.
 *
 * How long a code verifier may be: RFC 7636 section 4.1 says 43 to 128 characters, but the
 * platform also takes the 32-character verifier its public PKCE sample sends (32 characters of
 * A-Z a-z 0-9), so the simulator takes 32 to 128 by default, as the platform does, and the RFC's
 * 43 to 128 with `--strict-oauth`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The lengths of code verifier the server takes. */
export type VerifierRule = 'platform' | 'rfc7636';

const VERIFIER_PATTERNS: Record<VerifierRule, RegExp> = {
  platform: /^[A-Za-z0-9._~-]{32,128}$/,
  rfc7636: /^[A-Za-z0-9._~-]{43,128}$/,
};
const SHORTEST: Record<VerifierRule, number> = { platform: 32, rfc7636: 43 };
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
 * Why `verifier` cannot be a PKCE code verifier under `rule`, in the words a client developer
 * needs; undefined when it is well-formed.
 */
export function verifierProblem(verifier: string, rule: VerifierRule): string | undefined {
  if (VERIFIER_PATTERNS[rule].test(verifier)) return undefined;
  const shortest = SHORTEST[rule];
  const length = verifier.length;
  const shape = length < shortest || length > 128 ? `it has ${length}` : 'it has other characters';
  const source =
    rule === 'rfc7636' ? 'RFC 7636 section 4.1, enforced by --strict-oauth' : 'as the platform takes it';
  return `code_verifier must be ${shortest} to 128 characters of A-Z a-z 0-9 - . _ ~ (${source}); ${shape}.`;
}

/** Whether `verifier` is well-formed under `rule` and hashes to `challenge`. */
export function verifyS256(verifier: string, challenge: string, rule: VerifierRule): boolean {
  if (verifierProblem(verifier, rule) !== undefined || !isS256Challenge(challenge)) return false;
  return timingSafeEqual(Buffer.from(s256Challenge(verifier)), Buffer.from(challenge));
}
