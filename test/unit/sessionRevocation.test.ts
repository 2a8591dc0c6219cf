import { describe, expect, it } from 'vitest';
import { discoverServer, endLoginSession, revokeSession } from '../../main/core/session/revocation';
import type { TokenSet } from '../../main/core/session/tokenSet';

const AUTH_URL = 'https://auth.example.com/auth';
const TOKENS: TokenSet = {
  version: 1,
  flow: 'code',
  accessToken: 'access-token-value',
  expiresAt: Date.now() + 60_000,
  refreshToken: 'refresh-token-value',
  authUrl: AUTH_URL,
};

interface Seen {
  url: string;
  method: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A fake authorization server: its metadata document and a revocation endpoint that answers `status`. */
function fakeServer(metadata: unknown, revocationStatus = 200) {
  const seen: Seen[] = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    seen.push({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization') ?? undefined,
      form: Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : '')),
    });
    if (url === `${AUTH_URL}/.well-known/openid-configuration`) {
      return metadata === undefined ? new Response('not found', { status: 404 }) : Response.json(metadata);
    }
    return new Response(revocationStatus === 200 ? '' : '{"error":"temporarily_unavailable"}', { status: revocationStatus });
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}

describe('revoking a session at sign-out (RFC 7009, 15.2)', () => {
  it('discovers the revocation endpoint and revokes the refresh token, then the access token, as the client authenticates at /token', async () => {
    const server = fakeServer({ issuer: AUTH_URL, revocation_endpoint: `${AUTH_URL}/revoke`, end_session_endpoint: `${AUTH_URL}/logout` });
    const result = await revokeSession(AUTH_URL, TOKENS, { clientId: 'app-key', clientSecret: 'app-secret' }, { fetch: server.fetch });
    expect(result).toEqual({ outcome: 'revoked' });
    const posts = server.seen.filter((request) => request.method === 'POST');
    expect(posts).toEqual([
      {
        url: `${AUTH_URL}/revoke`,
        method: 'POST',
        authorization: `Basic ${Buffer.from('app-key:app-secret').toString('base64')}`,
        form: { token: 'refresh-token-value', token_type_hint: 'refresh_token' },
      },
      {
        url: `${AUTH_URL}/revoke`,
        method: 'POST',
        authorization: `Basic ${Buffer.from('app-key:app-secret').toString('base64')}`,
        form: { token: 'access-token-value', token_type_hint: 'access_token' },
      },
    ]);
  });

  it('sends client_id in the form for a public client, and only the access token when there is no refresh token', async () => {
    const server = fakeServer({ revocation_endpoint: `${AUTH_URL}/revoke` });
    const { refreshToken: _none, ...implicit } = TOKENS;
    await revokeSession(AUTH_URL, { ...implicit, flow: 'implicit' }, { clientId: 'app-key' }, { fetch: server.fetch });
    expect(server.seen.filter((request) => request.method === 'POST')).toEqual([
      { url: `${AUTH_URL}/revoke`, method: 'POST', authorization: undefined, form: { token: 'access-token-value', token_type_hint: 'access_token', client_id: 'app-key' } },
    ]);
  });

  it('leaves a server without metadata or without a revocation endpoint alone', async () => {
    for (const metadata of [undefined, { issuer: AUTH_URL }, 'not an object']) {
      const server = fakeServer(metadata);
      expect(await revokeSession(AUTH_URL, TOKENS, { clientId: 'app-key' }, { fetch: server.fetch })).toEqual({ outcome: 'unsupported' });
      expect(server.seen.map((request) => request.method)).toEqual(['GET']);
    }
  });

  it('never sends the tokens or the AppSecret to an endpoint on another origin than the authorization server', async () => {
    for (const endpoint of ['https://collector.example.net/revoke', 'http://auth.example.com/auth/revoke', 'https://user:pw@auth.example.com/auth/revoke']) {
      const server = fakeServer({ revocation_endpoint: endpoint });
      expect(await revokeSession(AUTH_URL, TOKENS, { clientId: 'app-key', clientSecret: 'app-secret' }, { fetch: server.fetch })).toEqual({
        outcome: 'unsupported',
      });
      expect(server.seen.filter((request) => request.method === 'POST')).toEqual([]);
    }
    expect(await discoverServer(AUTH_URL, { fetch: fakeServer({ end_session_endpoint: 'javascript:alert(1)' }).fetch })).toEqual({});
  });

  it('reports a refusal in words, never with a token, and never throws', async () => {
    const server = fakeServer({ revocation_endpoint: `${AUTH_URL}/revoke` }, 503);
    const result = await revokeSession(AUTH_URL, TOKENS, { clientId: 'app-key' }, { fetch: server.fetch });
    expect(result).toEqual({ outcome: 'failed', message: 'The authorization server answered HTTP 503 to the revocation request.' });
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await revokeSession(AUTH_URL, TOKENS, { clientId: 'app-key' }, { fetch: unreachable })).toEqual({ outcome: 'unsupported' });
  });
});

describe("ending the authorization server's login session at sign-out (RP-initiated logout)", () => {
  it('POSTs the access token as id_token_hint with client_id to the end-session endpoint, without a secret', async () => {
    const server = fakeServer({ end_session_endpoint: `${AUTH_URL}/logout` });
    expect(await endLoginSession(AUTH_URL, TOKENS, 'app-key', { fetch: server.fetch })).toEqual({ outcome: 'ended' });
    expect(server.seen.filter((request) => request.method === 'POST')).toEqual([
      { url: `${AUTH_URL}/logout`, method: 'POST', authorization: undefined, form: { id_token_hint: 'access-token-value', client_id: 'app-key' } },
    ]);
  });

  it('uses metadata discovered already, and leaves a server without the endpoint, or with one on another origin, alone', async () => {
    const server = fakeServer(undefined);
    expect(await endLoginSession(AUTH_URL, TOKENS, 'app-key', { fetch: server.fetch, metadata: { endSessionEndpoint: `${AUTH_URL}/logout` } })).toEqual({
      outcome: 'ended',
    });
    expect(server.seen.map((request) => request.method)).toEqual(['POST']);
    for (const metadata of [undefined, { revocation_endpoint: `${AUTH_URL}/revoke` }, { end_session_endpoint: 'https://collector.example.net/logout' }]) {
      const other = fakeServer(metadata);
      expect(await endLoginSession(AUTH_URL, TOKENS, 'app-key', { fetch: other.fetch })).toEqual({ outcome: 'unsupported' });
      expect(other.seen.filter((request) => request.method === 'POST')).toEqual([]);
    }
  });

  it('reports a refusal or an unreachable server in words, never with the token, and never throws', async () => {
    const refused = await endLoginSession(AUTH_URL, TOKENS, 'app-key', { fetch: fakeServer({ end_session_endpoint: `${AUTH_URL}/logout` }, 400).fetch });
    expect(refused).toEqual({ outcome: 'failed', message: 'The authorization server answered HTTP 400 to the sign-out request.' });
    const unreachable = (async (input: string | URL) => {
      if (String(input).includes('/.well-known/')) return Response.json({ end_session_endpoint: `${AUTH_URL}/logout` });
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const failed = await endLoginSession(AUTH_URL, TOKENS, 'app-key', { fetch: unreachable });
    expect(failed).toEqual({ outcome: 'failed', message: 'The authorization server at https://auth.example.com could not be reached to sign out.' });
    expect(JSON.stringify(failed)).not.toContain('access-token-value');
  });
});
