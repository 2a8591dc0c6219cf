import { describe, expect, it } from 'vitest';
import { FallbackTokenStore, KeytarTokenStore, openTokenStore, type KeytarApi } from '../../main/core/secrets/keychainStore';
import { parseStoredTokenSet, serializeTokenSet, tokenSetFromImplicit, userOfToken } from '../../main/core/session/tokenSet';

/** An in-process keychain that can be told to break, like a keyring that gets locked. */
function fakeKeytar() {
  const entries = new Map<string, string>();
  const state = { broken: false as false | string };
  const check = () => {
    if (state.broken) throw new Error(state.broken);
  };
  const api: KeytarApi = {
    getPassword: async (service, account) => (check(), entries.get(`${service}/${account}`) ?? null),
    setPassword: async (service, account, password) => void (check(), entries.set(`${service}/${account}`, password)),
    deletePassword: async (service, account) => (check(), entries.delete(`${service}/${account}`)),
  };
  return { api, entries, state };
}

describe('token store fallback', () => {
  it('files secrets under service "refdesk" while the keychain works', async () => {
    const keychain = fakeKeytar();
    const store = await openTokenStore(async () => keychain.api);
    await store.set('session:embedded', 'tokens');
    expect(store.kind).toBe('keychain');
    expect(store.notice).toBeUndefined();
    expect([...keychain.entries.keys()]).toEqual(['refdesk/session:embedded']);
  });

  it('keeps working in memory after the keychain fails, and says so', async () => {
    const keychain = fakeKeytar();
    const store = new FallbackTokenStore(new KeytarTokenStore(keychain.api));
    keychain.state.broken = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
    await store.set('session:embedded', 'tokens');
    expect(store.kind).toBe('memory');
    expect(store.notice).toContain('Cannot autolaunch D-Bus without X11 $DISPLAY');
    expect(store.notice).toContain('kept in memory only');
    expect(await store.get('session:embedded')).toBe('tokens');
    expect(await store.delete('session:embedded')).toBe(true);
    expect(await store.get('session:embedded')).toBeUndefined();
  });

  it('falls back when keytar cannot even be loaded, or the keychain hangs', async () => {
    const missing = await openTokenStore(async () => {
      throw new Error('libsecret-1.so.0: cannot open shared object file');
    });
    expect(missing.kind).toBe('memory');
    expect(missing.notice).toContain('libsecret-1.so.0');

    const hanging: KeytarApi = { getPassword: () => new Promise(() => {}), setPassword: async () => {}, deletePassword: async () => true };
    const store = new FallbackTokenStore(new KeytarTokenStore(hanging, 20));
    expect(await store.get('x')).toBeUndefined();
    expect(store.notice).toContain('did not answer within 0.02 s');
  });
});

/** An unsigned JWT with `claims` (the client only reads claims; the server checks signatures). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('token set', () => {
  it('names the user from the token claims (the id when the token carries no name)', () => {
    expect(userOfToken(jwt({ sub: '17340521', uid: 'UserKey==' }))).toEqual({ name: '17340521', userId: '17340521' });
    expect(userOfToken(jwt({ sub: '1', name: 'Clara Lindqvist' }))).toEqual({ name: 'Clara Lindqvist', userId: '1' });
    expect(userOfToken('opaque-token', { name: 'fallback', userId: 'f' })).toEqual({ name: 'fallback', userId: 'f' });
    expect(userOfToken('opaque-token')).toBeUndefined();
  });

  it('computes expiry from expires_in and round-trips through the keychain form', () => {
    const tokens = tokenSetFromImplicit(jwt({ sub: '7' }), 1200, 1_000_000);
    expect(tokens.expiresAt).toBe(1_000_000 + 1_200_000);
    expect(parseStoredTokenSet(serializeTokenSet(tokens))).toEqual(tokens);
  });

  it('refuses a stored entry that is not a session', () => {
    expect(parseStoredTokenSet('not json')).toBeUndefined();
    expect(parseStoredTokenSet('{"version":1,"flow":"implicit","accessToken":""}')).toBeUndefined();
    expect(parseStoredTokenSet('{"version":2,"flow":"implicit","accessToken":"a","expiresAt":5}')).toBeUndefined();
  });
});
