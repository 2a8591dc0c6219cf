/**
 * Requests the service refused with 401 while the user signs in again: each waits (bounded)
 * and is woken with true once a new session exists, or false when the user signs out, switches
 * profile, or does not sign in within the wait.
 */
export class ReauthenticationWaiters {
  private readonly waiters = new Set<(signedIn: boolean) => void>();

  constructor(private readonly waitMs: number) {}

  /** Resolves true when a sign-in happens within the wait, false otherwise. */
  wait(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const done = (signedIn: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(signedIn);
      };
      const timer = setTimeout(() => done(false), this.waitMs);
      timer.unref?.();
      this.waiters.add(done);
    });
  }

  /** Wakes every waiting request. */
  wake(signedIn: boolean): void {
    for (const done of [...this.waiters]) done(signedIn);
  }
}
