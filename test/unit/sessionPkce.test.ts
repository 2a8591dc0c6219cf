import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier } from '../../main/core/session/pkce';

describe('PKCE (RFC 7636)', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes fresh 43-character verifiers whose challenge is their SHA-256', () => {
    const verifiers = new Set(Array.from({ length: 100 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(100);
    for (const verifier of verifiers) {
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(codeChallengeS256(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
    }
  });

  it('refuses verifiers the RFC does not allow', () => {
    expect(() => codeChallengeS256('short')).toThrow(/43 to 128/);
    expect(() => codeChallengeS256(`${'a'.repeat(42)}!`)).toThrow(/43 to 128/);
  });
});
