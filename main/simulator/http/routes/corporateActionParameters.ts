/**
 * The query of GET /ca/v2/events (spec 4.10) read into a validated, encoded list filter.
 * Enumeration values are accepted case-insensitively from the service's value sets; values the
 * simulator's events never take (such as AssetType Etf) simply match nothing.
 */
import {
  assetTypes,
  corporateActionTypes,
  electionStatuses,
  eventSortColumns,
  eventStates,
  eventStatuses,
  sortTypes,
} from '../../../../contract/wire/enums';
import {
  CORPORATE_ACTION_TYPES,
  ELECTION_STATUSES,
  EVENT_ASSET_TYPES,
  EVENT_CODES,
  EVENT_STATES,
  EVENT_STATUSES,
  dayNumber,
} from '../../data/corporateActions/codes';
import type { DayColumn, EventListFilter, EventSortColumnName } from '../../data/corporateActions/query';
import { badParameter } from '../errors';
import type { QueryReader } from '../query';

export const DEFAULT_EVENTS_TOP = 100;
export const MAX_EVENTS_TOP = 1000;
const EVENT_CODE_PATTERN = /^[A-Za-z0-9]{4}$/;
const MAX_KEYWORDS = 10;

/** Encodes the values a column can hold; values it never holds drop out (and so match nothing). */
function encodeKnown(
  values: readonly string[] | undefined,
  encoding: readonly string[],
): number[] | undefined {
  return values?.map((value) => encoding.indexOf(value)).filter((index) => index >= 0);
}

/** Event type codes: four letters or digits, compared in upper case. */
function eventCodes(query: QueryReader): number[] | undefined {
  const codes = query.list('EventTypes');
  codes?.forEach((code) => {
    if (!EVENT_CODE_PATTERN.test(code))
      throw badParameter(
        'EventTypes',
        `EventTypes holds "${code.slice(0, 20)}", which is not a four-character event code such as DVCA.`,
      );
  });
  return encodeKnown(
    codes?.map((code) => code.toUpperCase()),
    EVENT_CODES,
  );
}

/** The event states a query names (also used by the single-event read). */
export function eventStateCodes(query: QueryReader): number[] | undefined {
  return encodeKnown(query.enumList('EventStates', eventStates), EVENT_STATES);
}

function dayRange(
  query: QueryReader,
  name: string,
  column: DayColumn,
): EventListFilter['dayRanges'][number] | undefined {
  const from = query.date(`From${name}Date`);
  const to = query.date(`To${name}Date`);
  if (from && to && from > to)
    throw badParameter(`From${name}Date`, `From${name}Date is after To${name}Date.`);
  if (!from && !to) return undefined;
  return { column, ...(from ? { from: dayNumber(from) } : {}), ...(to ? { to: dayNumber(to) } : {}) };
}

function keywords(query: QueryReader): string[] {
  const words = (query.string('Keywords') ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length > MAX_KEYWORDS)
    throw badParameter('Keywords', `Keywords may hold at most ${MAX_KEYWORDS} words.`);
  return words;
}

/** The list filter of the query, for the scope `scopeId`. */
export function readEventListFilter(query: QueryReader, scopeId: number): EventListFilter {
  const status = query.enumValue('EventStatus', eventStatuses);
  const ranges = [
    dayRange(query, 'Deadline', 'deadline_day'),
    dayRange(query, 'Ex', 'ex_day'),
    dayRange(query, 'Pay', 'pay_day'),
    dayRange(query, 'Record', 'record_day'),
  ].filter((range) => range !== undefined);
  return {
    scopeId,
    assetTypes: encodeKnown(
      query.enumList('AssetTypes', assetTypes, 'AssetTypesParseFailed'),
      EVENT_ASSET_TYPES,
    ),
    corporateActionTypes: encodeKnown(
      query.enumList('CorporateActionTypes', corporateActionTypes),
      CORPORATE_ACTION_TYPES,
    ),
    electionStatuses: encodeKnown(query.enumList('ElectionStatuses', electionStatuses), ELECTION_STATUSES),
    states: eventStateCodes(query),
    statuses: encodeKnown(status === undefined ? undefined : [status], EVENT_STATUSES),
    codes: eventCodes(query),
    dayRanges: ranges,
    includeLapsed: query.boolean('IncludeLapsedEvents') ?? false,
    keywords: keywords(query),
    sort: {
      column: (query.enumValue('SortColumn', eventSortColumns) ?? 'Date') as EventSortColumnName,
      descending: (query.enumValue('SortType', sortTypes) ?? 'Desc') === 'Desc',
    },
    top: query.top(DEFAULT_EVENTS_TOP, MAX_EVENTS_TOP),
    skip: query.skip(),
  };
}
