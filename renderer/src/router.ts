/**
 * Workspaces and their routes. Hash history works the same on app:// and on the web shell.
 */
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { routeNames } from './logic/routes';
import AppsView from './views/AppsView.vue';
import CorporateActionsView from './views/CorporateActionsView.vue';
import FuturesLadderView from './views/FuturesLadderView.vue';
import FuturesView from './views/FuturesView.vue';
import InstrumentDetailsView from './views/InstrumentDetailsView.vue';
import InstrumentsView from './views/InstrumentsView.vue';
import NotFoundView from './views/NotFoundView.vue';
import OptionChainView from './views/OptionChainView.vue';
import OptionRootsView from './views/OptionRootsView.vue';
import ReferenceDataView from './views/ReferenceDataView.vue';
import SettingsView from './views/SettingsView.vue';

/** One entry of the navigation; `label` is its accessible name. */
export interface Workspace {
  label: string;
  to: string;
}

/** Navigation entries, in the order the navigation shows them (Alt+1 … Alt+7). */
export const workspaces: Workspace[] = [
  { label: 'Instruments', to: '/instruments' },
  { label: 'Option chains', to: '/chains' },
  { label: 'Futures', to: '/futures' },
  { label: 'Corporate actions', to: '/corporate-actions' },
  { label: 'Apps', to: '/apps' },
  { label: 'Reference data', to: '/reference' },
  { label: 'Settings', to: '/settings' },
];

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/instruments' },
  { path: '/instruments', name: routeNames.instruments, component: InstrumentsView },
  { path: '/instruments/:assetType/:uic', name: routeNames.instrumentDetails, component: InstrumentDetailsView },
  { path: '/chains', name: routeNames.optionChains, component: OptionRootsView },
  { path: '/chains/:optionRootId', name: routeNames.optionChain, component: OptionChainView },
  { path: '/futures', name: routeNames.futures, component: FuturesView },
  { path: '/futures/:uic', name: routeNames.futuresLadder, component: FuturesLadderView },
  { path: '/reference', name: routeNames.reference, component: ReferenceDataView },
  // Back-office workspaces (corporate actions, apps, settings): their routes go here.
  { path: '/corporate-actions', name: 'corporate-actions', component: CorporateActionsView },
  { path: '/apps', name: 'apps', component: AppsView },
  { path: '/settings', name: 'settings', component: SettingsView },

  { path: '/:unknown(.*)*', component: NotFoundView },
];

export function createDeskRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
