/**
 * The trader's morning starts where the evening ended: once the first user of this page is signed
 * in, a page opened on no particular workspace goes to the place main kept for that user and
 * profile (`settings:lastPlace`: the workspace's route, so its open chain, ladder or instrument,
 * and that workspace's search text), unless the trader has moved on already. From then on every
 * change of workspace or search text is kept (`settings:keepPlace`), shortly after it settles.
 * Main keeps it rather than the page's storage: see contract/settings.ts WorkspacePlace.
 */
import { watch, type WatchStopHandle } from 'vue';
import type { Router } from 'vue-router';
import { call, isCancelled, messageOf } from '../shared/desk';
import { useSessionStore } from '../features/session/useSessionStore';
import { landedOnKeptPlace } from './landingRoute';
import { searchOfRoute, type SearchText } from './workspaceSearch';

/** How long the place must stay put before it is kept (typing, quick moves between workspaces). */
const KEEP_AFTER_MS = 600;

/** Restores and keeps the place for the lifetime of the calling scope (the app shell). */
export function useWorkspacePlace(router: Router): void {
  const session = useSessionStore();
  let keeping = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopSearchWatch: WatchStopHandle | undefined;
  let search: SearchText | undefined;

  const keepSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const { path: route, name } = router.currentRoute.value;
      // A path the router does not know (no name) is no workspace to come back to.
      if (!keeping || !session.signedIn || name === undefined) return;
      const searchText = search?.keywords.trim();
      call('settings:keepPlace', { route, ...(searchText ? { searchText } : {}) }).catch((error: unknown) => {
        if (!isCancelled(error)) console.warn(`[place] not kept: ${messageOf(error)}`);
      });
    }, KEEP_AFTER_MS);
  };

  /** Follows the search box of the workspace `route` belongs to. */
  const followSearchOf = (route: string) => {
    const found = searchOfRoute(route);
    stopSearchWatch?.();
    search = found;
    stopSearchWatch = found ? watch(() => found.keywords, keepSoon) : undefined;
  };

  /** Goes to the kept place when the page opened on no workspace of its own and nothing moved since. */
  const restore = async () => {
    // The page's first navigation (its landing guard) may have gone there already, search text
    // and all: then there is nothing to ask again.
    await router.isReady();
    if (landedOnKeptPlace()) return;
    const { place } = await call('settings:lastPlace');
    // Still where the page opened by itself (no route of its own, nothing typed since).
    const landing = router.currentRoute.value;
    const untouched = landing.redirectedFrom?.path === '/' && !searchOfRoute(landing.path)?.keywords;
    if (!place || !untouched) return;
    await router.replace(place.route);
    if (!place.searchText) return;
    const restored = searchOfRoute(place.route);
    if (restored && router.currentRoute.value.path === place.route && !restored.keywords) restored.keywords = place.searchText;
  };

  // Only the page's first owner is taken to a kept place: a later sign-in stays where the page is.
  let restoring = false;
  watch(
    () => session.ownerKey,
    (owner) => {
      if (owner === undefined || restoring) return;
      restoring = true;
      restore()
        .catch((error: unknown) => console.warn(`[place] not restored: ${messageOf(error)}`))
        .finally(() => {
          keeping = true;
          followSearchOf(router.currentRoute.value.path);
          keepSoon();
        });
    },
    { immediate: true },
  );

  watch(
    () => router.currentRoute.value.path,
    (route) => {
      followSearchOf(route);
      keepSoon();
    },
  );
}
