/**
 * Copies secrets to the system clipboard from main and clears them after a delay, but only if
 * the clipboard still holds the secret (a later copy by the user is left alone). Only a hash of
 * the secret is kept for that check. The web shell has no system clipboard in main (its page
 * runs in a browser): there `available` is false and the renderer uses the browser's clipboard.
 */
import { createHash } from 'node:crypto';

/** The system clipboard as a shell provides it (Electron's `clipboard` in the desktop app). */
export interface SystemClipboard {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
}

/** What a copy did. */
export type CopyOutcome =
  { copied: true; clearsAt: string } | { copied: false; reason: 'NoSystemClipboard'; message: string };

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export class SecretClipboard {
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly system: SystemClipboard | undefined,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** True when main can write the system clipboard (the Electron shell). */
  get available(): boolean {
    return this.system !== undefined;
  }

  /** Puts `secret` on the clipboard and schedules clearing it after `clearAfterSeconds`. */
  async copy(secret: string, clearAfterSeconds: number): Promise<CopyOutcome> {
    if (!this.system) {
      return {
        copied: false,
        reason: 'NoSystemClipboard',
        message: 'This shell cannot write the system clipboard from main; the page copies it instead.',
      };
    }
    const system = this.system;
    await system.writeText(secret);
    const expected = digest(secret);
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.clearIfStill(system, expected);
    }, clearAfterSeconds * 1000);
    this.pending.unref?.();
    return {
      copied: true,
      clearsAt: new Date(this.clock().getTime() + clearAfterSeconds * 1000).toISOString(),
    };
  }

  private async clearIfStill(system: SystemClipboard, expected: string): Promise<void> {
    try {
      if (digest(await system.readText()) === expected) await system.writeText('');
    } catch (error) {
      console.warn(`[clipboard] could not clear the copied secret: ${(error as Error).message}`);
    }
  }

  /** Forgets the pending clearing (RefDesk is quitting). */
  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = undefined;
  }
}
