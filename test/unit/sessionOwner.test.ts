import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../contract/session';
import { ownerAfter, ownerKey } from '../../renderer/src/features/session/logic/sessionOwner';

const profile = (id: string) => ({ id, name: id, kind: 'remote', flow: 'implicit' }) as const;
const signedIn = (userId: string | undefined, profileId = 'embedded'): SessionView => ({
  signedIn: true,
  ...(userId ? { user: { name: userId, userId } } : {}),
  profile: profile(profileId),
  tokenStorage: 'keychain',
  signingIn: false,
});
const signedOut = (profileId = 'embedded', signInNeeded?: 'expired' | 'rejected'): SessionView => ({
  signedIn: false,
  profile: profile(profileId),
  tokenStorage: 'keychain',
  signingIn: false,
  ...(signInNeeded ? { signInNeeded } : {}),
});

describe('whose data the stores may hold', () => {
  const demo = { profileId: 'embedded', userId: 'demo' };

  it('is the signed-in user of the active profile', () => {
    expect(ownerAfter(undefined, signedIn('demo'))).toEqual(demo);
    expect(ownerAfter(demo, signedIn('trader2'))).toEqual({ profileId: 'embedded', userId: 'trader2' });
    expect(ownerAfter(demo, signedIn('demo', 'remote'))).toEqual({ profileId: 'remote', userId: 'demo' });
  });

  it('is nobody after a sign-out', () => {
    expect(ownerAfter(demo, signedOut())).toBeUndefined();
    expect(ownerAfter(undefined, signedOut())).toBeUndefined();
  });

  it('stays the same user while the session of that profile expired or was refused', () => {
    expect(ownerAfter(demo, signedOut('embedded', 'expired'))).toBe(demo);
    expect(ownerAfter(demo, signedOut('embedded', 'rejected'))).toBe(demo);
    expect(ownerAfter(demo, signedOut('remote', 'expired'))).toBeUndefined();
  });

  it('names a user the service did not name by the profile alone', () => {
    expect(ownerAfter(undefined, signedIn(undefined))).toEqual({ profileId: 'embedded', userId: '' });
  });

  it('keys owners so that no two differ only by where a separator falls', () => {
    expect(ownerKey(demo)).toBe(ownerKey({ ...demo }));
    expect(ownerKey({ profileId: 'a|b', userId: 'c' })).not.toBe(ownerKey({ profileId: 'a', userId: 'b|c' }));
    expect(ownerKey(undefined)).toBeUndefined();
  });
});
