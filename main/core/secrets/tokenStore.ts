/**
 * The one small interface behind which secrets (session tokens, AppSecrets) are kept: the OS
 * keychain through keytar where it works, main's memory where it does not. Nothing here writes
 * a secret to disk or to a log.
 */

/** The keychain service name under which every RefDesk secret is filed. */
export const KEYCHAIN_SERVICE = 'refdesk';

/** A place for secrets, keyed by account name. */
export interface TokenStore {
  /** `keychain` (survives restarts, protected by the OS) or `memory` (gone when RefDesk quits). */
  readonly kind: 'keychain' | 'memory';
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** Deletes the entry; true when there was one. */
  delete(account: string): Promise<boolean>;
}

/** The keychain account of a profile's session tokens. */
export function sessionAccount(profileId: string): string {
  return `session:${profileId}`;
}

/** The keychain account of a profile's AppSecret. */
export function appSecretAccount(profileId: string): string {
  return `app-secret:${profileId}`;
}

/** Secrets in main's memory: the fallback when no keychain can be used. */
export class MemoryTokenStore implements TokenStore {
  readonly kind = 'memory';
  private readonly secrets = new Map<string, string>();

  async get(account: string): Promise<string | undefined> {
    return this.secrets.get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}
