import { createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { assertionGrant, demoAssertion, demoThumbprint, postToken } from '../support/tokenRequests';

const PERSONAL_JWT = 'urn:service:oauth:grant-type:personal-jwt';

describe('{auth_url}/token', () => {
  let test: TestSimulator;
  let info: SimulatorInfo;
  const asUser = (token: unknown) => test.get('ref/v1/countries', { headers: { authorization: `Bearer ${String(token)}` } });
  const refused = (error: string, status = 400) => ({ status, body: { error } });

  beforeAll(async () => {
    test = await startTestSimulator();
    info = test.simulator.info;
  });
  afterAll(() => test.close());

  describe('signed-assertion (personal JWT) grant', () => {
    it('issues access and refresh tokens for a valid assertion, sent with HTTP Basic or form credentials', async () => {
      const basic = await assertionGrant(info, await demoAssertion(info));
      expect(basic.status).toBe(200);
      expect(basic.body).toMatchObject({ token_type: 'Bearer', expires_in: 1200, refresh_token_expires_in: 3600 });
      expect(Object.keys(basic.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'token_type']);
      expect((await asUser(basic.body.access_token)).status).toBe(200);

      const form = await postToken(info.authUrl, {
        grant_type: PERSONAL_JWT,
        assertion: await demoAssertion(info),
        client_id: info.appKey,
        client_secret: info.appSecret,
      });
      expect(form.status).toBe(200);
    });

    it('accepts the hex thumbprint of the platform samples and the token endpoint URL as aud', async () => {
      const hex = await assertionGrant(info, await demoAssertion(info, { header: { x5t: demoThumbprint(info).hex } }));
      expect(hex.status).toBe(200);
      const tokenAudience = await assertionGrant(info, await demoAssertion(info, { claims: { aud: `${info.authUrl}/token` } }));
      expect(tokenAudience.status).toBe(200);
    });

    it('refuses alg none, HS256 keyed with the public key (algorithm confusion) and ES256', async () => {
      const x5t = demoThumbprint(info).base64url;
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: info.appKey, sub: info.userId, aud: info.authUrl, spurl: info.appUrl, exp: now + 60 };
      const none = new UnsecuredJWT(claims).encode().replace(/^[^.]+/, Buffer.from(JSON.stringify({ alg: 'none', x5t })).toString('base64url'));
      expect(await assertionGrant(info, none)).toMatchObject(refused('invalid_grant'));

      const publicPem = new X509Certificate(readFileSync(info.certificatePath, 'utf8')).publicKey.export({ type: 'spki', format: 'pem' });
      const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', x5t }).sign(new TextEncoder().encode(String(publicPem)));
      expect(await assertionGrant(info, confused)).toMatchObject(refused('invalid_grant'));

      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const elliptic = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', x5t }).sign(privateKey);
      expect(await assertionGrant(info, elliptic)).toMatchObject(refused('invalid_grant'));
    });

    it('refuses a wrong aud, a wrong iss, a wrong spurl, an unknown sub and an unknown x5t', async () => {
      const cases = [
        { claims: { aud: 'https://elsewhere.example.com/auth' } },
        { claims: { iss: 'another-app-key' } },
        { claims: { spurl: 'https://evil.example.com/' } },
        { claims: { sub: '999999999' } },
        { header: { x5t: Buffer.alloc(20, 7).toString('base64url') } },
      ];
      for (const overrides of cases) {
        const answer = await assertionGrant(info, await demoAssertion(info, overrides));
        expect(answer, JSON.stringify(overrides)).toMatchObject(refused('invalid_grant'));
        expect(typeof answer.body.error_description).toBe('string');
      }
    });

    it('refuses a signature by another key under the registered x5t', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ iss: info.appKey, sub: info.userId, aud: info.authUrl, spurl: info.appUrl, exp: now + 60 })
        .setProtectedHeader({ alg: 'RS256', x5t: demoThumbprint(info).base64url })
        .sign(privateKey);
      expect(createPublicKey(privateKey).asymmetricKeyType).toBe('rsa');
      expect(await assertionGrant(info, forged)).toMatchObject(refused('invalid_grant'));
    });

    it('refuses an expired assertion, one that lives too long, and a replayed jti', async () => {
      const now = Math.floor(Date.now() / 1000);
      expect(await assertionGrant(info, await demoAssertion(info, { claims: { exp: now - 120 } }))).toMatchObject(refused('invalid_grant'));
      expect(await assertionGrant(info, await demoAssertion(info, { lifetimeSeconds: 3600 }))).toMatchObject(refused('invalid_grant'));
      const assertion = await demoAssertion(info, { claims: { jti: 'once-only' } });
      expect((await assertionGrant(info, assertion)).status).toBe(200);
      const replay = await assertionGrant(info, assertion);
      expect(replay).toMatchObject(refused('invalid_grant'));
      expect(replay.body.error_description).toMatch(/already used/);
      const sameJti = await assertionGrant(info, await demoAssertion(info, { claims: { jti: 'once-only' } }));
      expect(sameJti).toMatchObject(refused('invalid_grant'));
    });
  });

  describe('client authentication', () => {
    it('answers a wrong secret or unknown client with 401 invalid_client and WWW-Authenticate: Basic', async () => {
      const assertion = await demoAssertion(info);
      const grant = { grant_type: PERSONAL_JWT, assertion };
      for (const answer of [
        await postToken(info.authUrl, grant, [info.appKey, 'wrong-secret']),
        await postToken(info.authUrl, { ...grant, client_id: info.appKey, client_secret: 'wrong-secret' }),
        await postToken(info.authUrl, grant, ['no-such-app', info.appSecret]),
        await postToken(info.authUrl, grant),
      ]) {
        expect(answer).toMatchObject(refused('invalid_client', 401));
        expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
      // The assertion was never spent by those refusals.
      expect((await assertionGrant(info, assertion)).status).toBe(200);
    });

    it('refuses the assertion grant to a public client, and credentials sent two ways at once', async () => {
      const publicClient = await postToken(info.authUrl, { grant_type: PERSONAL_JWT, assertion: await demoAssertion(info), client_id: info.appKey });
      expect(publicClient).toMatchObject(refused('invalid_client', 401));
      const both = await postToken(info.authUrl, { grant_type: PERSONAL_JWT, assertion: await demoAssertion(info), client_secret: info.appSecret }, [info.appKey, info.appSecret]);
      expect(both).toMatchObject(refused('invalid_request'));
    });

    it('answers unknown grant types, missing fields and non-form bodies in RFC 6749 terms', async () => {
      const basic: [string, string] = [info.appKey, info.appSecret];
      expect(await postToken(info.authUrl, { grant_type: 'password', username: 'demo', password: 'refdesk-demo' }, basic)).toMatchObject(refused('unsupported_grant_type'));
      expect(await postToken(info.authUrl, { grant_type: PERSONAL_JWT }, basic)).toMatchObject(refused('invalid_request'));
      expect(await postToken(info.authUrl, {}, basic)).toMatchObject(refused('invalid_request'));
      const json = await fetch(`${info.authUrl}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"refresh_token"}' });
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ error: 'invalid_request' });
      const text = await fetch(`${info.authUrl}/token`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
      expect(text.status).toBe(400);
      expect(await text.json()).toMatchObject({ error: 'invalid_request' });
    });
  });

  describe('refresh tokens', () => {
    /** `basic` null sends no client credentials at all. */
    const refresh = (token: unknown, basic: [string, string] | null = [info.appKey, info.appSecret]) =>
      postToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: String(token) }, basic ?? undefined);

    it('rotates the refresh token on every use, within the same session', async () => {
      const first = await assertionGrant(info, await demoAssertion(info));
      const second = await refresh(first.body.refresh_token);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
      expect(second.body.access_token).not.toBe(first.body.access_token);
      const third = await refresh(second.body.refresh_token);
      expect(third.status).toBe(200);
      expect((await asUser(third.body.access_token)).status).toBe(200);
    });

    it('revokes the whole family when a rotated refresh token is used again', async () => {
      const first = await assertionGrant(info, await demoAssertion(info));
      const second = await refresh(first.body.refresh_token);
      expect(second.status).toBe(200);
      const reuse = await refresh(first.body.refresh_token);
      expect(reuse).toMatchObject(refused('invalid_grant'));
      // The newest refresh token and every access token of the session are dead too.
      expect(await refresh(second.body.refresh_token)).toMatchObject(refused('invalid_grant'));
      expect((await asUser(second.body.access_token)).status).toBe(401);
      expect((await asUser(first.body.access_token)).status).toBe(401);
    });

    it('requires the secret of a confidential session, and refuses a wrong one, without spending the token', async () => {
      const first = await assertionGrant(info, await demoAssertion(info));
      expect(await refresh(first.body.refresh_token, null)).toMatchObject(refused('invalid_client', 401));
      expect(await postToken(info.authUrl, { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token), client_id: info.appKey })).toMatchObject(refused('invalid_client', 401));
      expect(await refresh(first.body.refresh_token, [info.appKey, 'wrong'])).toMatchObject(refused('invalid_client', 401));
      expect((await refresh(first.body.refresh_token)).status).toBe(200);
      expect(await refresh('made-up-token')).toMatchObject(refused('invalid_grant'));
    });
  });
});
