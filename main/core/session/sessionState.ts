/**
 * Builds what the renderer may see of a session from what main holds: the user, the expiry,
 * the profile and where tokens are kept. The token set goes in; no token comes out.
 */
import type { ConnectionProfile } from './profileService';
import type { SessionView } from '../../../contract/session';
import type { TokenSet } from './tokenSet';

export interface SessionFacts {
  profile: ConnectionProfile;
  tokens: TokenSet | undefined;
  tokenStorage: 'keychain' | 'memory';
  tokenStorageNotice: string | undefined;
  signInNeeded: SessionView['signInNeeded'];
  signingIn: boolean;
}

/** The renderer's view of a session (see SessionView): never a token. */
export function sessionViewOf(facts: SessionFacts): SessionView {
  const { profile, tokens } = facts;
  return {
    signedIn: tokens !== undefined,
    ...(tokens?.user ? { user: { name: tokens.user.name, userId: tokens.user.userId } } : {}),
    ...(tokens ? { expiresAt: new Date(tokens.expiresAt).toISOString() } : {}),
    profile: { id: profile.id, name: profile.name, kind: profile.kind, flow: profile.flow },
    tokenStorage: facts.tokenStorage,
    ...(facts.tokenStorageNotice ? { tokenStorageNotice: facts.tokenStorageNotice } : {}),
    ...(facts.signInNeeded && !tokens ? { signInNeeded: facts.signInNeeded } : {}),
    signingIn: facts.signingIn,
  };
}
