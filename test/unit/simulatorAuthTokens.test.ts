import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationServer } from '../../main/simulator/auth/authorizationServer';
import type { AuthApp, AuthUsersAndApps, AuthUser } from '../../main/simulator/auth/usersAndAppsPort';
import { OAuthError } from '../../main/simulator/auth/oauthError';
import { certificateThumbprint } from '../../main/simulator/auth/thumbprints';

const AUTH_URL = 'http://127.0.0.1:4000/auth';
const user: AuthUser = { userId: 'u-1', userKey: 'key-u-1', clientKey: 'client-1', isAdmin: false };
const app: AuthApp = {
  appKey: 'app-1',
  registrationNumber: 1,
  name: 'Unit app',
  appUrl: 'https://unit.example.com/app',
  redirectUris: [],
  secrets: [{ secret: 's' }],
  canSignIn: true,
  allowedFlows: ['PersonalJwt'],
};
const usersAndApps: AuthUsersAndApps = {
  findApp: (key) => (key === app.appKey ? app : undefined),
  findUserByLogin: () => undefined,
  findUserById: (id) => (id === user.userId ? user : undefined),
};

describe('access tokens of the authorization server', () => {
  let now = new Date('2026-03-02T10:00:00Z');
  let server: AuthorizationServer;
  beforeAll(async () => {
    server = await AuthorizationServer.create({
      usersAndApps,
      clock: () => now,
      authUrl: () => AUTH_URL,
      tokenTtlSeconds: 100,
    });
  });

  it('carries the platform claims and is valid until its expiry, then refused as expired', async () => {
    const { response, session } = await server.startSession(user, app, {
      confidential: true,
      withRefreshToken: true,
    });
    expect(response).toMatchObject({ token_type: 'Bearer', expires_in: 100, refresh_token_expires_in: 3600 });
    const check = await server.verifyAccessToken(response.access_token);
    expect(check).toMatchObject({
      ok: true,
      claims: {
        iss: AUTH_URL,
        sub: 'u-1',
        uid: 'key-u-1',
        cid: 'client-1',
        aid: 'app-1',
        sid: session.id,
        isa: 'False',
      },
    });
    now = new Date(now.getTime() + 99_000);
    expect((await server.verifyAccessToken(response.access_token)).ok).toBe(true);
    now = new Date(now.getTime() + 1_000);
    expect(await server.verifyAccessToken(response.access_token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses the tokens of a revoked session and tokens of another issuer', async () => {
    const { response, session } = await server.startSession(user, app, {
      confidential: false,
      withRefreshToken: false,
    });
    expect(response.refresh_token).toBeUndefined();
    server.sessions.revoke(session.id);
    expect(await server.verifyAccessToken(response.access_token)).toEqual({ ok: false, reason: 'revoked' });
    const elsewhere = await AuthorizationServer.create({
      usersAndApps,
      clock: () => now,
      authUrl: () => 'http://127.0.0.1:4001/auth',
    });
    const foreign = await elsewhere.startSession(user, app, { confidential: false, withRefreshToken: false });
    expect(await server.verifyAccessToken(foreign.response.access_token)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('checks a token it has verified before without waiting: still refused once expired or its session ended', async () => {
    const { response, session } = await server.startSession(user, app, {
      confidential: false,
      withRefreshToken: false,
    });
    const token = response.access_token;
    // Never verified: the synchronous check does not know it, and does not accept it.
    expect(server.verifyKnownAccessToken(token)).toBeUndefined();
    expect((await server.verifyAccessToken(token)).ok).toBe(true);
    expect(server.verifyKnownAccessToken(token)).toMatchObject({ ok: true, claims: { sid: session.id } });
    server.sessions.revoke(session.id);
    expect(server.verifyKnownAccessToken(token)).toEqual({ ok: false, reason: 'revoked' });

    const second = await server.startSession(user, app, { confidential: false, withRefreshToken: false });
    expect((await server.verifyAccessToken(second.response.access_token)).ok).toBe(true);
    now = new Date(now.getTime() + 100_000);
    expect(server.verifyKnownAccessToken(second.response.access_token)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});

describe('sign-ins that overlap', () => {
  it('keeps a session whose token is still being signed when another sign-in starts meanwhile', async () => {
    // A clock that moves on between readings, as the wall clock does while a token is signed.
    let ticks = Date.parse('2026-03-02T10:00:00Z');
    const server = await AuthorizationServer.create({
      usersAndApps,
      clock: () => new Date(ticks++),
      authUrl: () => AUTH_URL,
    });
    const options = { confidential: false, withRefreshToken: false };
    const [first, second] = await Promise.all([
      server.startSession(user, app, options),
      server.startSession(user, app, options),
    ]);
    expect(await server.verifyAccessToken(first.response.access_token)).toMatchObject({
      ok: true,
      claims: { sid: first.session.id },
    });
    expect(await server.verifyAccessToken(second.response.access_token)).toMatchObject({
      ok: true,
      claims: { sid: second.session.id },
    });
  });
});

describe('signed assertions against a registered certificate', () => {
  let server: AuthorizationServer;
  let privateKeyPem: string;
  let x5t: string;
  const issuedAt = new Date('2026-03-02T10:00:00Z');

  beforeAll(async () => {
    server = await AuthorizationServer.create({
      usersAndApps,
      clock: () => issuedAt,
      authUrl: () => AUTH_URL,
    });
    const pems = await generate([{ name: 'commonName', value: 'unit' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date('2026-01-01T00:00:00Z'),
      notAfterDate: new Date('2026-06-01T00:00:00Z'),
    });
    privateKeyPem = pems.private;
    server.certificates.register(app.appKey, pems.cert);
    x5t = certificateThumbprint(pems.cert).base64url;
  });

  async function assertion(at: Date): Promise<string> {
    const seconds = Math.floor(at.getTime() / 1000);
    return new SignJWT({
      iss: app.appKey,
      sub: user.userId,
      aud: AUTH_URL,
      spurl: app.appUrl,
      exp: seconds + 60,
      jti: randomUUID(),
    })
      .setProtectedHeader({ alg: 'RS256', x5t })
      .sign(await importPKCS8(privateKeyPem, 'RS256'));
  }

  it('names the user when the certificate is valid, and refuses it outside the certificate validity', async () => {
    expect(
      await server.assertions.verify({
        assertion: await assertion(issuedAt),
        app,
        audiences: [AUTH_URL],
        now: issuedAt,
      }),
    ).toBe(user);
    const afterExpiry = new Date('2026-07-01T00:00:00Z');
    const refusal = await server.assertions
      .verify({ assertion: await assertion(afterExpiry), app, audiences: [AUTH_URL], now: afterExpiry })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OAuthError);
    expect((refusal as OAuthError).description).toMatch(/certificate is not valid/);
  });

  it('does not accept a certificate registered for another application', async () => {
    const other: AuthApp = { ...app, appKey: 'app-2' };
    const refusal = await server.assertions
      .verify({ assertion: await assertion(issuedAt), app: other, audiences: [AUTH_URL], now: issuedAt })
      .catch((error: unknown) => error as OAuthError);
    expect(refusal).toMatchObject({ error: 'invalid_grant' });
  });
});
