/**
 * Application directory endpoints (spec 4.12, 4.13).
 */
import type { HttpClient, RequestOptions } from './http';
import { queryOf, segment, type PageParams } from './query';
import type { Application, Feed, InlineCount, ListedApplication } from '../../../contract/wire/types';

/** Spec 4.13. */
export interface ApplicationsParams extends PageParams {
  /** AllPages asks for `__count`. */
  $inlinecount?: InlineCount;
  /** True includes each application's secrets. */
  IncludeSecrets?: boolean;
}

/** GET /developer/apps: the registered applications (spec 4.13). */
export function getApplications(
  http: HttpClient,
  params: ApplicationsParams = {},
  options?: RequestOptions,
): Promise<Feed<ListedApplication>> {
  return http.getJson('developer/apps', queryOf(params), options);
}

/** GET /developer/apps/{AppKey}: one application (spec 4.12). */
export function getApplication(
  http: HttpClient,
  params: { AppKey: string },
  options?: RequestOptions,
): Promise<Application> {
  return http.getJson(`developer/apps/${segment(params.AppKey)}`, undefined, options);
}
