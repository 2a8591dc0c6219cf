import { createHash, X509Certificate } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP, DOCUMENTED_USERS } from '../../main/simulator/data/accounts/demo';
import { findUserById } from '../../main/simulator/data/accounts/users';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

interface Jwk {
  kty: string;
  kid: string;
  use: string;
  alg: string;
  n: string;
  e: string;
  x5t: string;
  x5c: string[];
}

describe('access tokens as the platform issues them', () => {
  let sim: TestSimulator;
  let authUrl: string;
  beforeAll(async () => {
    sim = await startTestSimulator();
    authUrl = sim.simulator.info.authUrl;
  });
  afterAll(() => sim.close());

  it.each(DOCUMENTED_USERS.map((user) => [user.login, user] as const))(
    'carries the platform claims for %s, with the user, client and app they name',
    async (login, user) => {
      const token = await sim.accessToken(login);
      const claims = decodeJwt(token);
      const known = findUserById(sim.simulator.context.universe.db, user.userId);
      expect(claims).toMatchObject({
        iss: authUrl,
        aid: DEMO_APP.appKey,
        uid: known?.userKey,
        cid: known?.clientKey,
        isa: login === 'admin' ? 'True' : 'False',
        dgi: '1',
        // Kept beside the platform's claims for RefDesk's client: who is signed in, by id and name.
        sub: user.userId,
        name: user.name,
      });
      expect(claims.oaa).toMatch(/^\d+$/);
      expect(typeof claims.tid).toBe('string');
      expect(typeof claims.sid).toBe('string');
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    },
  );

  it('gives every token its own tid and every sign-in its own sid', async () => {
    const app = sim.simulator.context.auth.usersAndApps.findApp(DEMO_APP.appKey);
    const user = sim.simulator.context.auth.usersAndApps.findUserById(DOCUMENTED_USERS[0]?.userId ?? '');
    if (!app || !user) throw new Error('demo app or user missing');
    const start = () =>
      sim.simulator.context.auth.startSession(user, app, { confidential: false, withRefreshToken: false });
    const [first, second] = [
      decodeJwt((await start()).response.access_token),
      decodeJwt((await start()).response.access_token),
    ];
    expect(first.tid).not.toBe(second.tid);
    expect(first.sid).not.toBe(second.sid);
    expect(first.oaa).toBe(second.oaa);
  });

  it('names its signing key and certificate in the header, as the published key set does', async () => {
    const header = decodeProtectedHeader(await sim.accessToken());
    const response = await fetch(`${authUrl}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { keys } = (await response.json()) as { keys: Jwk[] };
    expect(keys).toHaveLength(1);
    const [key] = keys as [Jwk];
    expect(key).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: key.kid, x5t: key.x5t });

    // x5c is the self-signed certificate (base64 DER); x5t its SHA-1; n/e its public key.
    const certificate = new X509Certificate(Buffer.from(key.x5c[0] ?? '', 'base64'));
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(createHash('sha1').update(certificate.raw).digest('base64url')).toBe(key.x5t);
    expect(certificate.publicKey.export({ format: 'jwk' })).toMatchObject({ n: key.n, e: key.e });
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now());
  });

  it('verifies with the key set fetched from the published URL (jose createRemoteJWKSet)', async () => {
    const token = await sim.accessToken('trader2');
    const keySet = createRemoteJWKSet(new URL(`${authUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, keySet, {
      issuer: authUrl,
      algorithms: ['RS256'],
    });
    expect(payload.name).toBe('Jonas Berger');
    expect(protectedHeader.alg).toBe('RS256');
    // A token of another run (another key) does not verify against this run's key set.
    const other = await startTestSimulator();
    const foreign = await other.accessToken();
    await other.close();
    await expect(jwtVerify(foreign, keySet, { algorithms: ['RS256'] })).rejects.toThrow();
  });

  it('publishes its endpoints at /.well-known/openid-configuration under the issuer', async () => {
    const response = await fetch(`${authUrl}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: authUrl,
      authorization_endpoint: `${authUrl}/authorize`,
      token_endpoint: `${authUrl}/token`,
      revocation_endpoint: `${authUrl}/revoke`,
      end_session_endpoint: `${authUrl}/logout`,
      jwks_uri: `${authUrl}/.well-known/jwks.json`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.response_types_supported).toEqual(expect.arrayContaining(['code', 'token']));
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining([
        'authorization_code',
        'implicit',
        'refresh_token',
        'urn:service:oauth:grant-type:personal-jwt',
      ]),
    );
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post', 'none']),
    );
    // Every advertised document is really there.
    expect((await fetch(String(metadata.jwks_uri))).status).toBe(200);
  });
});
