/**
 * How many bridge calls the web shell's page sends at once. Chromium opens at most six HTTP/1.1
 * connections to one host, and the push-event stream holds one for good. A call may wait long in
 * main by design (after a 401 it waits for the user to sign in again, up to 10 minutes), holding
 * its connection: five such calls left no connection for the sign-in that would have released
 * them, nor for the heartbeat, which then said "Not responding" (a 5-minute hang in the e2e after
 * a sign-out with the corporate actions queue's reads pending). So the ordinary calls go at most
 * ORDINARY_LANES at a time, the others waiting here in order; the session's calls (sign-in and
 * its wait) and the heartbeat never wait behind them.
 */
export const ORDINARY_LANES = 3;

/** Channels that must reach main even when ordinary calls wait for them (a sign-in). */
export function isPriorityChannel(channel: string): boolean {
  return channel.startsWith('session:');
}

export interface Lanes {
  /** Resolves with a release function once a lane is free; resolves undefined when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<(() => void) | undefined>;
}

export function createLanes(limit: number): Lanes {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    busy--;
    waiting.shift()?.();
  };
  return {
    async acquire(signal) {
      if (busy >= limit) {
        const turn = await new Promise<boolean>((resolve) => {
          const take = () => {
            signal.removeEventListener('abort', give);
            resolve(true);
          };
          const give = () => {
            waiting.splice(waiting.indexOf(take), 1);
            resolve(false);
          };
          waiting.push(take);
          signal.addEventListener('abort', give, { once: true });
        });
        if (!turn) return undefined;
      } else if (signal.aborted) return undefined;
      busy++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
  };
}
