/**
 * Corporate action endpoints (spec 4.10, 4.11).
 */
import type { HttpClient, RequestOptions } from './http';
import { queryOf, segment, type DateParam, type PageParams } from './query';
import type {
  AssetType,
  CorporateActionEvent,
  CorporateActionType,
  ElectionStatus,
  EventSortColumn,
  EventState,
  EventStatus,
  Feed,
  SortType,
} from '../../../contract/wire/types';

/** Spec 4.10; every parameter is a query parameter, dates written `yyyy-mm-dd`. */
export interface CorporateActionEventsParams extends PageParams {
  AccountGroupKey?: string;
  AccountKey?: string;
  ClientKey?: string;
  AssetTypes?: AssetType[];
  CorporateActionTypes?: CorporateActionType[];
  ElectionStatuses?: ElectionStatus[];
  EventStates?: EventState[];
  EventStatus?: EventStatus;
  /** Event type codes, e.g. DVCA, SPLF. */
  EventTypes?: string[];
  FromDeadlineDate?: DateParam;
  ToDeadlineDate?: DateParam;
  FromExDate?: DateParam;
  ToExDate?: DateParam;
  FromPayDate?: DateParam;
  ToPayDate?: DateParam;
  FromRecordDate?: DateParam;
  ToRecordDate?: DateParam;
  IncludeLapsedEvents?: boolean;
  IncludeSubAccounts?: boolean;
  /** Matched against instrument description, ISIN code and symbol. */
  Keywords?: string;
  SortColumn?: EventSortColumn;
  SortType?: SortType;
}

/** Spec 4.11. */
export interface CorporateActionEventParams {
  EventId: string;
  AccountKey?: string;
  ClientKey?: string;
  /** When omitted the service searches Approved, Confirmed, Preliminary and Withdrawn. */
  EventStates?: EventState[];
  IncludeSubAccounts?: boolean;
}

/** GET /ca/v2/events: a filtered list of corporate action events (spec 4.10). */
export function getCorporateActionEvents(
  http: HttpClient,
  params: CorporateActionEventsParams = {},
  options?: RequestOptions,
): Promise<Feed<CorporateActionEvent>> {
  return http.getJson('ca/v2/events', queryOf(params), options);
}

/** GET /ca/v2/events/{EventId}: one event with holdings and elections (spec 4.11). */
export function getCorporateActionEvent(
  http: HttpClient,
  params: CorporateActionEventParams,
  options?: RequestOptions,
): Promise<CorporateActionEvent> {
  return http.getJson(`ca/v2/events/${segment(params.EventId)}`, queryOf(params, 'EventId'), options);
}
