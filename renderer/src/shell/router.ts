/**
 * Workspaces and their routes. Hash history works the same on app:// and on the web shell.
 */
import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw } from 'vue-router';
import { routeNames } from '../shared/routes';
import { landingRoute } from './landingRoute';
import NotFoundView from './NotFoundView.vue';

// Each workspace is a chunk of its own, loaded when first opened: the page starts with the shell
// alone (and AG Grid, which only workspaces use, comes with the first of them).
const AppsView = () => import('../features/apps/AppsView.vue');
const CorporateActionsView = () => import('../features/corporateActions/CorporateActionsView.vue');
const FuturesLadderView = () => import('../features/instruments/futures/FuturesLadderView.vue');
const FuturesView = () => import('../features/instruments/futures/FuturesView.vue');
const InstrumentDetailsView = () => import('../features/instruments/InstrumentDetailsView.vue');
const InstrumentsView = () => import('../features/instruments/InstrumentsView.vue');
const OptionChainView = () => import('../features/instruments/optionChains/OptionChainView.vue');
const OptionChainsView = () => import('../features/instruments/optionChains/OptionChainsView.vue');
const ReferenceView = () => import('../features/reference/ReferenceView.vue');
const SettingsView = () => import('../features/settings/SettingsView.vue');
const WatchlistsView = () => import('../features/watchlists/WatchlistsView.vue');

/** One entry of the navigation; `label` is its accessible name. */
export interface Workspace {
  label: string;
  to: string;
}

/** Navigation entries, in the order the navigation shows them (Alt+1 … Alt+8). */
export const workspaces: Workspace[] = [
  { label: 'Instruments', to: '/instruments' },
  { label: 'Option chains', to: '/chains' },
  { label: 'Futures', to: '/futures' },
  { label: 'Watchlists', to: '/watchlists' },
  { label: 'Corporate actions', to: '/corporate-actions' },
  { label: 'Apps', to: '/apps' },
  { label: 'Reference data', to: '/reference' },
  { label: 'Settings', to: '/settings' },
];

/**
 * Starts loading the chunks of the workspace `path` opens (its route's lazy view, still a loader
 * function until the router has loaded it once): the landing guard does, the moment it knows
 * where the page goes, instead of the router after the guard's promise settles, which waited
 * behind the evaluation of AG Grid's chunk (0.1 s of the start's trace).
 */
function loadWorkspaceOf(router: Router, path: string): void {
  for (const record of router.resolve(path).matched) {
    const view = record.components?.default;
    if (typeof view === 'function') void (view as () => Promise<unknown>)();
  }
}

const routes = (router: () => Router): RouteRecordRaw[] => [
  // A guard, not a redirect: the kept place is asked of main first (landingRoute.ts).
  { path: '/', component: NotFoundView, beforeEnter: () => landingRoute((path) => loadWorkspaceOf(router(), path)) },
  { path: '/instruments', name: routeNames.instruments, component: InstrumentsView },
  {
    path: '/instruments/:assetType/:uic',
    name: routeNames.instrumentDetails,
    component: InstrumentDetailsView,
  },
  { path: '/chains', name: routeNames.optionChains, component: OptionChainsView },
  { path: '/chains/:optionRootId', name: routeNames.optionChain, component: OptionChainView },
  { path: '/futures', name: routeNames.futures, component: FuturesView },
  { path: '/futures/:uic', name: routeNames.futuresLadder, component: FuturesLadderView },
  { path: '/watchlists', name: routeNames.watchlists, component: WatchlistsView },
  { path: '/reference', name: routeNames.reference, component: ReferenceView },
  { path: '/corporate-actions', name: routeNames.corporateActions, component: CorporateActionsView },
  { path: '/apps', name: routeNames.apps, component: AppsView },
  { path: '/settings', name: routeNames.settings, component: SettingsView },

  { path: '/:unknown(.*)*', component: NotFoundView },
];

export function createDeskRouter(): Router {
  const router: Router = createRouter({ history: createWebHashHistory(), routes: routes(() => router) });
  return router;
}
