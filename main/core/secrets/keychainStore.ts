/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * keytar, and the store RefDesk actually uses: the keychain while it answers, main's memory
 * from the first failure on, with a plain notice saying so.
 */
import { KEYCHAIN_SERVICE, MemoryTokenStore, type TokenStore } from './tokenStore';

/** The part of keytar RefDesk uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

const KEYCHAIN_TIMEOUT_MS = 5_000;
const PROBE_ACCOUNT = 'probe:availability';

/** Rejects when a keychain call hangs (a locked keyring may wait for a prompt nobody sees). */
function withTimeout<T>(pending: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

/** Secrets in the OS keychain under service `refdesk`. */
export class KeytarTokenStore implements TokenStore {
  readonly kind = 'keychain';

  constructor(
    private readonly keytar: KeytarApi,
    private readonly timeoutMs = KEYCHAIN_TIMEOUT_MS,
  ) {}

  async get(account: string): Promise<string | undefined> {
    return (await withTimeout(this.keytar.getPassword(KEYCHAIN_SERVICE, account), this.timeoutMs)) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    await withTimeout(this.keytar.setPassword(KEYCHAIN_SERVICE, account, secret), this.timeoutMs);
  }

  async delete(account: string): Promise<boolean> {
    return withTimeout(this.keytar.deletePassword(KEYCHAIN_SERVICE, account), this.timeoutMs);
  }
}

/** The sentence the status bar shows when secrets are kept in memory. */
export function keychainUnavailableNotice(reason: string): string {
  const why = reason.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `The OS keychain is not available (${why}). Your session is kept in memory only: you will sign in again after RefDesk restarts.`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The store the session service uses: the keychain while it works; after a keychain failure
 * every secret is kept in memory and `notice` explains it. Secrets written to memory stay there
 * (they are never copied to disk).
 */
export class FallbackTokenStore implements TokenStore {
  private readonly memory = new MemoryTokenStore();
  private keychain: TokenStore | undefined;
  private reason: string | undefined;

  constructor(keychain: TokenStore | undefined, unavailableReason?: string) {
    this.keychain = keychain;
    this.reason = keychain ? undefined : (unavailableReason ?? 'no keychain was found');
  }

  get kind(): 'keychain' | 'memory' {
    return this.keychain ? 'keychain' : 'memory';
  }

  /** Set when secrets are kept in memory: why, in words. */
  get notice(): string | undefined {
    return this.reason === undefined ? undefined : keychainUnavailableNotice(this.reason);
  }

  private fallBack(error: unknown): void {
    this.keychain = undefined;
    this.reason = reasonOf(error);
  }

  async get(account: string): Promise<string | undefined> {
    const inMemory = await this.memory.get(account);
    if (inMemory !== undefined || !this.keychain) return inMemory;
    try {
      return await this.keychain.get(account);
    } catch (error) {
      this.fallBack(error);
      return undefined;
    }
  }

  async set(account: string, secret: string): Promise<void> {
    if (this.keychain) {
      try {
        await this.keychain.set(account, secret);
        return;
      } catch (error) {
        this.fallBack(error);
      }
    }
    await this.memory.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    const fromMemory = await this.memory.delete(account);
    if (!this.keychain) return fromMemory;
    try {
      return (await this.keychain.delete(account)) || fromMemory;
    } catch (error) {
      this.fallBack(error);
      return fromMemory;
    }
  }
}

/** Loads keytar (a native module that may be missing or broken on this machine). */
async function loadKeytar(): Promise<KeytarApi> {
  const module = (await import('keytar')) as KeytarApi & { default?: KeytarApi };
  return module.default ?? module;
}

/**
 * Opens the store: probes the keychain once (a read of a probe entry) and falls back to memory
 * with the reason (e.g. "Cannot autolaunch D-Bus without X11 $DISPLAY") when it fails.
 */
export async function openTokenStore(load: () => Promise<KeytarApi> = loadKeytar): Promise<FallbackTokenStore> {
  try {
    const keychain = new KeytarTokenStore(await load());
    await keychain.get(PROBE_ACCOUNT);
    return new FallbackTokenStore(keychain);
  } catch (error) {
    return new FallbackTokenStore(undefined, reasonOf(error));
  }
}
