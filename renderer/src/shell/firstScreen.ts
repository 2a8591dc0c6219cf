/**
 * The moment the page's first screen has settled: the first workspace opened (its chunk loaded,
 * the landing guard passed) and the page then idle, its first reads sent. Work the first screen
 * does not show waits for it, so its reads do not go to main ahead of the workspace's own.
 */
import type { Router } from 'vue-router';

/** However busy the page stays, background work waits no longer than this after the first workspace. */
const IDLE_PATIENCE_MS = 2000;

export function afterFirstScreen(router: Router): Promise<void> {
  // A first navigation that failed still leaves a page (the not-found view) to count on.
  const opened = router.isReady().catch(() => undefined);
  return opened.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_PATIENCE_MS });
        else setTimeout(resolve, 0);
      }),
  );
}
