/**
 * Workspaces and their routes. Hash history works the same on app:// and on the web shell.
 */
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import ReferenceDataView from './views/ReferenceDataView.vue';

/** Navigation entries, in the order the navigation shows them. */
export const workspaces = [{ label: 'Reference data', to: '/reference' }];

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/reference' },
  { path: '/reference', component: ReferenceDataView },
];

export function createDeskRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
