/**
 * A view's watch on prices: what `target` says the view shows now (instruments, and option chain
 * windows) is told to main, a moment after it stops changing (scrolling sends one watch, not
 * fifty); renewed well within main's lease while the view stays; sent again after a sign-in
 * (main forgets every watch at a sign-out); and dropped when the view goes (a closed panel,
 * another workspace).
 */
import { onScopeDispose, watch } from 'vue';
import type { WatchedChain } from '../../../../contract/prices';
import { useSessionStore } from '../session/useSessionStore';
import { usePricesStore } from './usePricesStore';

/** What a view shows that has prices. */
export interface PriceTarget {
  instruments: { Uic: number; AssetType: string }[];
  chains: WatchedChain[];
}

const SETTLE_MS = 120;
/** A third of main's lease (WATCH_LEASE_MS, 60 s): two renewals may be lost before a watch lapses. */
const RENEW_MS = 20_000;
let watchCounter = 0;

/** Watches `target` for as long as the calling scope lives. */
export function usePriceWatch(target: () => PriceTarget | undefined): void {
  const prices = usePricesStore();
  const session = useSessionStore();
  const watchId = `w${++watchCounter}-${Math.random().toString(36).slice(2, 10)}`;
  let sent = '';
  let settle: ReturnType<typeof setTimeout> | undefined;

  function argument(): Parameters<typeof prices.watch>[0] | undefined {
    const shown = target();
    if (!shown || (shown.instruments.length === 0 && shown.chains.length === 0)) return undefined;
    const seen = new Set<string>();
    const instruments = shown.instruments.filter((instrument) => {
      const key = `${instrument.AssetType}:${instrument.Uic}`;
      return !seen.has(key) && seen.add(key);
    });
    return {
      WatchId: watchId,
      Instruments: instruments.slice(0, 400) as Parameters<typeof prices.watch>[0]['Instruments'],
      Chains: shown.chains.slice(0, 4),
    };
  }

  function send(force: boolean): void {
    if (!session.signedIn) return;
    const arg = argument();
    const text = JSON.stringify(arg ?? null);
    if (!force && text === sent) return;
    const had = sent !== '' && sent !== 'null';
    sent = text;
    if (arg) void prices.watch(arg);
    else if (had) void prices.unwatch(watchId);
  }

  watch(
    () => JSON.stringify(argument() ?? null),
    () => {
      clearTimeout(settle);
      settle = setTimeout(() => send(false), SETTLE_MS);
    },
    { immediate: true },
  );
  // Main forgets every watch when a session ends: a signed-in view tells it again.
  watch(
    () => session.signedIn,
    (signedIn) => signedIn && send(true),
  );
  const renewal = setInterval(() => {
    if (sent !== '' && sent !== 'null') send(true);
  }, RENEW_MS);

  onScopeDispose(() => {
    clearTimeout(settle);
    clearInterval(renewal);
    if (sent !== '' && sent !== 'null') void prices.unwatch(watchId);
  });
}
