/**
 * The web shell's launch keys: each launch link carries one, and each key opens RefDesk once.
 * Whoever else sees a link (the terminal's scrollback, a shared screen, another local user
 * reading a command line) finds it spent. Only digests are kept, so a memory dump of the shell
 * hands out no usable key either.
 */
import { createHash, randomBytes } from 'node:crypto';

/** What opening a link with a key gives: a first opening, a repeated one, or no key of this run. */
export type Redemption = 'granted' | 'used' | 'unknown';

/** One issued key: its value for the link, and a promise kept when it is first used. */
export interface IssuedLaunchKey {
  key: string;
  /** Resolves when the key opens RefDesk (its link may then be thrown away). */
  redeemed: Promise<void>;
}

const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

export class LaunchKeys {
  /** Digest → what to call when it is first redeemed; absent once redeemed. */
  private readonly waiting = new Map<string, () => void>();
  private readonly spent = new Set<string>();

  /** A new single-use key (256 bits from the OS CSPRNG). */
  issue(): IssuedLaunchKey {
    const key = randomBytes(32).toString('base64url');
    let markRedeemed!: () => void;
    const redeemed = new Promise<void>((resolve) => (markRedeemed = resolve));
    this.waiting.set(digest(key), markRedeemed);
    return { key, redeemed };
  }

  /** Spends `key` if it is waiting; says whether it was spent now, before, or never issued. */
  redeem(key: unknown): Redemption {
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) return 'unknown';
    const id = digest(key);
    const markRedeemed = this.waiting.get(id);
    if (markRedeemed) {
      this.waiting.delete(id);
      this.spent.add(id);
      markRedeemed();
      return 'granted';
    }
    return this.spent.has(id) ? 'used' : 'unknown';
  }
}
