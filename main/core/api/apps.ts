/**
 * The application directory's endpoints (spec 4.12, 4.13). Their answers carry secret values, so
 * no channel forwards them: the apps handlers (apps/appSecrets.ts) drop the values in main and
 * hand one over only when the user reveals it.
 */
import type { HttpClient, RequestOptions } from './http';
import { queryOf, segment } from './query';
import type { Application, Feed, ListedApplication } from '../../../contract/wire/types';

/**
 * GET /developer/apps?$inlinecount=AllPages: one page of the registered applications with the
 * total (spec 4.13). Never with `IncludeSecrets`: a secret is read from one application, when asked.
 */
export function getApplications(
  http: HttpClient,
  page: { $top: number; $skip: number },
  options?: RequestOptions,
): Promise<Feed<ListedApplication>> {
  return http.getJson('developer/apps', queryOf({ ...page, $inlinecount: 'AllPages' }), options);
}

/** GET /developer/apps/{AppKey}: one application, with its secrets (spec 4.12). */
export function getApplication(
  http: HttpClient,
  appKey: string,
  options?: RequestOptions,
): Promise<Application> {
  return http.getJson(`developer/apps/${segment(appKey)}`, undefined, options);
}
