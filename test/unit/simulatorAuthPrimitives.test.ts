import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationCodeStore } from '../../main/simulator/auth/authorizationCodes';
import { authenticateClient, readClientCredentials } from '../../main/simulator/auth/clientAuthentication';
import { CsrfProtection } from '../../main/simulator/auth/csrf';
import type { AuthApp, AuthUsersAndApps } from '../../main/simulator/auth/usersAndAppsPort';
import { OAuthError } from '../../main/simulator/auth/oauthError';
import { s256Challenge, verifierProblem, verifyS256 } from '../../main/simulator/auth/pkce';
import { matchRedirectUri } from '../../main/simulator/auth/redirectUris';
import { SessionStore } from '../../main/simulator/auth/sessions';
import { certificateThumbprint, thumbprintKey } from '../../main/simulator/auth/thumbprints';

const NOW = new Date('2026-03-02T10:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('certificate thumbprints (x5t)', () => {
  let pem: string;
  beforeAll(async () => {
    pem = (
      await generate([{ name: 'commonName', value: 'thumbprint test' }], {
        keySize: 2048,
        algorithm: 'sha256',
      })
    ).cert;
  });

  it('gives the RFC 7515 base64url form and the Windows hex form of the same SHA-1', () => {
    const thumbprint = certificateThumbprint(pem);
    const nodeFingerprint = new X509Certificate(pem).fingerprint.replace(/:/g, '');
    expect(thumbprint.hex).toBe(nodeFingerprint.toUpperCase());
    expect(thumbprint.base64url).toHaveLength(27);
    expect(Buffer.from(thumbprint.base64url, 'base64url').toString('hex').toUpperCase()).toBe(thumbprint.hex);
  });

  it('reads either form (hex in any case, with or without colons) as the same key, and nothing else', () => {
    const thumbprint = certificateThumbprint(pem);
    const key = thumbprintKey(thumbprint.base64url);
    expect(key).toBe(thumbprint.hex.toLowerCase());
    expect(thumbprintKey(thumbprint.hex.toLowerCase())).toBe(key);
    expect(thumbprintKey(new X509Certificate(pem).fingerprint)).toBe(key);
    expect(thumbprintKey('not-a-thumbprint')).toBeUndefined();
    expect(thumbprintKey(Buffer.alloc(32, 1).toString('base64url'))).toBeUndefined();
  });
});

describe('redirect URI matching', () => {
  const registered = [
    'http://127.0.0.1/refdesk/callback',
    'https://refdesk.example.com/auth/callback',
    'refdesk://auth/callback',
  ];

  it('matches loopback URIs on any port but with the same path (RFC 8252)', () => {
    expect(matchRedirectUri('http://127.0.0.1:53124/refdesk/callback', registered)).toBe(registered[0]);
    expect(matchRedirectUri('http://127.0.0.1/refdesk/callback', registered)).toBe(registered[0]);
    expect(matchRedirectUri('http://127.0.0.1:53124/other', registered)).toBeUndefined();
    expect(matchRedirectUri('http://localhost:53124/refdesk/callback', registered)).toBeUndefined();
  });

  it('matches other URIs exactly, port included, and refuses fragments and non-URLs', () => {
    expect(matchRedirectUri('refdesk://auth/callback', registered)).toBe(registered[2]);
    expect(matchRedirectUri('https://refdesk.example.com/auth/callback', registered)).toBe(registered[1]);
    expect(matchRedirectUri('https://refdesk.example.com:8443/auth/callback', registered)).toBeUndefined();
    expect(matchRedirectUri('https://refdesk.example.com/auth/callback#x', registered)).toBeUndefined();
    expect(matchRedirectUri('https://evil.example.com/auth/callback', registered)).toBeUndefined();
    expect(matchRedirectUri('not a url', registered)).toBeUndefined();
  });
});

describe('PKCE S256', () => {
  it('agrees with the example of RFC 7636 appendix B', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(s256Challenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    for (const rule of ['platform', 'rfc7636'] as const)
      expect(verifyS256(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', rule)).toBe(true);
  });

  it('refuses a wrong or too short verifier', () => {
    const challenge = s256Challenge('a'.repeat(43));
    expect(verifyS256('b'.repeat(43), challenge, 'platform')).toBe(false);
    expect(verifyS256('short', s256Challenge('short'), 'platform')).toBe(false);
  });

  it('takes the 32-character verifier of the platform sample as the platform does, and refuses it under RFC 7636', () => {
    const sample = 'Vq3kZ8bNw1XcR7tLp0YdHs5mGf2aJe9U';
    expect(sample).toHaveLength(32);
    expect(verifyS256(sample, s256Challenge(sample), 'platform')).toBe(true);
    expect(verifyS256(sample, s256Challenge(sample), 'rfc7636')).toBe(false);
    expect(verifierProblem(sample, 'rfc7636')).toBe(
      'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 section 4.1, enforced by --strict-oauth); it has 32.',
    );
    expect(verifierProblem('a'.repeat(31), 'platform')).toContain('must be 32 to 128 characters');
    expect(verifierProblem('a'.repeat(129), 'rfc7636')).toContain('it has 129');
    expect(verifierProblem(`${'a'.repeat(40)}+`, 'platform')).toContain('it has other characters');
  });
});

describe('CSRF tokens of the login form', () => {
  const csrf = new CsrfProtection();
  const cookie = csrf.cookieValue(undefined);

  it('accepts the token issued for the cookie, keeps a well-formed cookie and replaces a bad one', () => {
    expect(csrf.check(cookie, csrf.formToken(cookie, NOW), later(60))).toBe(true);
    expect(csrf.cookieValue(cookie)).toBe(cookie);
    expect(csrf.cookieValue('forged; value')).not.toBe('forged; value');
  });

  it('refuses another cookie, a missing cookie, a tampered token, an expired form and another run', () => {
    const token = csrf.formToken(cookie, NOW);
    expect(csrf.check(csrf.cookieValue(undefined), token, NOW)).toBe(false);
    expect(csrf.check(undefined, token, NOW)).toBe(false);
    expect(csrf.check(cookie, token.replace(/^\d+/, String(Math.floor(NOW.getTime() / 1000) + 5)), NOW)).toBe(
      false,
    );
    expect(csrf.check(cookie, token, later(31 * 60))).toBe(false);
    expect(new CsrfProtection().check(cookie, token, NOW)).toBe(false);
  });
});

describe('client credentials', () => {
  const app: AuthApp = {
    appKey: 'app-1',
    registrationNumber: 1,
    name: 'App',
    appUrl: 'https://app.example.com',
    redirectUris: [],
    secrets: [
      {
        secret: 'old-secret',
        validFrom: new Date('2025-01-01T00:00:00Z'),
        validUntil: new Date('2026-01-01T00:00:00Z'),
      },
      {
        secret: 'current-secret',
        validFrom: new Date('2026-01-01T00:00:00Z'),
        validUntil: new Date('2027-01-01T00:00:00Z'),
      },
    ],
    canSignIn: true,
    allowedFlows: ['Code'],
  };
  const usersAndApps: AuthUsersAndApps = {
    findApp: (key) => (key === app.appKey ? app : undefined),
    findUserByLogin: () => undefined,
    findUserById: () => undefined,
  };
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const oauthError = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof OAuthError ? { error: error.error, status: error.status } : error;
    }
    return undefined;
  };

  it('reads HTTP Basic and form credentials and accepts only a secret valid now', () => {
    expect(
      authenticateClient(readClientCredentials(basic('app-1', 'current-secret'), {}), usersAndApps, NOW),
    ).toMatchObject({ confidential: true });
    expect(
      authenticateClient(
        readClientCredentials(undefined, { client_id: 'app-1', client_secret: 'current-secret' }),
        usersAndApps,
        NOW,
      ).confidential,
    ).toBe(true);
    expect(
      oauthError(() =>
        authenticateClient(readClientCredentials(basic('app-1', 'old-secret'), {}), usersAndApps, NOW),
      ),
    ).toEqual({ error: 'invalid_client', status: 401 });
    expect(
      oauthError(() =>
        authenticateClient(readClientCredentials(basic('app-1', 'wrong'), {}), usersAndApps, NOW),
      ),
    ).toEqual({ error: 'invalid_client', status: 401 });
  });

  it('treats a client_id without secret as a public client and refuses two methods at once', () => {
    expect(
      authenticateClient(readClientCredentials(undefined, { client_id: 'app-1' }), usersAndApps, NOW)
        .confidential,
    ).toBe(false);
    expect(
      oauthError(() => readClientCredentials(basic('app-1', 'current-secret'), { client_secret: 'x' })),
    ).toEqual({ error: 'invalid_request', status: 400 });
    expect(
      oauthError(() =>
        authenticateClient(readClientCredentials(undefined, { client_id: 'nobody' }), usersAndApps, NOW),
      ),
    ).toEqual({ error: 'invalid_client', status: 401 });
    expect(oauthError(() => authenticateClient(undefined, usersAndApps, NOW))).toEqual({
      error: 'invalid_client',
      status: 401,
    });
  });
});

describe('sessions and refresh-token rotation', () => {
  const client = { appKey: 'app-1', confidential: true };

  it('remembers a session until its first token expires, though another sign-in starts before that token is issued', () => {
    const store = new SessionStore(3600);
    const owner = { userId: 'u1', appKey: 'app-1', appNumber: 1, confidential: false };
    const first = store.start(owner, NOW, later(1200));
    store.start(owner, later(1), later(1201));
    expect(store.isActive(first.id)).toBe(true);
    // Once every token of it has expired, the next sign-in forgets it.
    store.start(owner, later(1201), later(2401));
    expect(store.get(first.id)).toBeUndefined();
  });

  it('rotates on every use and revokes the whole session when a spent token comes back', () => {
    const store = new SessionStore(3600);
    const session = store.start(
      { userId: 'u1', appKey: 'app-1', appNumber: 1, confidential: true },
      NOW,
      later(1200),
    );
    const first = store.issueRefreshToken(session, NOW).refreshToken;
    expect(store.rotate(first, client, later(10))).toMatchObject({ ok: true });
    const second = store.issueRefreshToken(session, later(10)).refreshToken;
    expect(store.rotate(first, client, later(20))).toEqual({ ok: false, reason: 'reused' });
    expect(store.isActive(session.id)).toBe(false);
    expect(store.rotate(second, client, later(30))).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses an expired token, another client, and a confidential session refreshed without its secret', () => {
    const store = new SessionStore(60);
    const session = store.start(
      { userId: 'u1', appKey: 'app-1', appNumber: 1, confidential: true },
      NOW,
      later(1200),
    );
    const token = store.issueRefreshToken(session, NOW).refreshToken;
    expect(store.rotate(token, { appKey: 'app-2', confidential: true }, NOW)).toEqual({
      ok: false,
      reason: 'other_client',
    });
    expect(store.rotate(token, { appKey: 'app-1', confidential: false }, NOW)).toEqual({
      ok: false,
      reason: 'secret_required',
    });
    expect(store.rotate(token, client, later(61))).toEqual({ ok: false, reason: 'expired' });
    expect(store.rotate('never-issued', client, NOW)).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('authorization codes', () => {
  const grant = {
    appKey: 'app-1',
    redirectUri: 'http://127.0.0.1/cb',
    userId: 'u1',
    codeChallenge: s256Challenge('v'.repeat(43)),
  };

  it('redeems once, names the session to revoke on reuse, and expires', () => {
    const store = new AuthorizationCodeStore(60);
    const code = store.issue(grant, NOW);
    const first = store.redeem(code, NOW);
    expect(first).toMatchObject({ ok: true, grant });
    if (first.ok) first.recordSession('session-1');
    expect(store.redeem(code, NOW)).toEqual({ ok: false, reason: 'reused', sessionToRevoke: 'session-1' });
    expect(store.redeem(store.issue(grant, NOW), later(61))).toEqual({ ok: false, reason: 'expired' });
    expect(store.redeem('unknown', NOW)).toEqual({ ok: false, reason: 'unknown' });
  });
});
