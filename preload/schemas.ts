/**
 * Argument schemas of the endpoint channels (spec section 4): strict objects (unknown
 * properties refused), bounded strings and arrays, known enumeration values only, non-negative
 * bounded paging. Main parses every argument with these before any work, so nothing malformed
 * ever reaches the API client.
 */
import { z } from 'zod';
import {
  assetTypes,
  corporateActionTypes,
  electionStatuses,
  eventSortColumns,
  eventStates,
  eventStatuses,
  inlineCounts,
  instrumentClasses,
  instrumentFieldGroups,
  optionSpaceSegments,
  sortTypes,
  tradingStatuses,
} from '../main/core/api/enums';

/** Largest `$top` the service accepts (platform facts: 1000). */
export const MAX_TOP = 1000;
/** Largest `$skip` worth asking for. */
export const MAX_SKIP = 1_000_000;
/** Most uics in one request (the service caps a parameter at 2,000 characters). */
export const MAX_UICS = 200;

const uic = z.number().int().min(1).max(2_147_483_647);
/** Account, client and account-group keys: opaque tokens of the platform (base64-like). */
const accountKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_\-|=+/.~]+$/, 'Not a valid key.');
const keywords = z.string().max(200);
const assetType = z.enum(assetTypes);
const assetTypeList = z.array(assetType).min(1).max(assetTypes.length);
const uicList = z.array(uic).min(1).max(MAX_UICS);
/** One display-hint tag: the service supports a single tag. */
const tags = z
  .array(
    z
      .string()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9]+$/, 'Not a valid tag.'),
  )
  .min(1)
  .max(1);
const fieldGroups = z.array(z.enum(instrumentFieldGroups)).min(1).max(instrumentFieldGroups.length);
const valueChange = z.number().finite().min(-1_000_000).max(1_000_000);

/** A calendar date written yyyy-mm-dd. */
export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write dates as yyyy-mm-dd.')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'Not a calendar date.');

/** `$top` and `$skip`. */
const paging = {
  $top: z.number().int().min(0).max(MAX_TOP).optional(),
  $skip: z.number().int().min(0).max(MAX_SKIP).optional(),
};

/** `refresh` of cached reads. */
const refresh = { refresh: z.boolean().optional() };

export const searchInstrumentsArg = z
  .object({
    ...paging,
    AccountKey: accountKey.optional(),
    AssetTypes: assetTypeList.optional(),
    CanParticipateInMultiLegOrder: z.boolean().optional(),
    Class: z.array(z.enum(instrumentClasses)).min(1).max(instrumentClasses.length).optional(),
    ExchangeId: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9_\-.:]+$/, 'Not a valid exchange id.')
      .optional(),
    IncludeNonTradable: z.boolean().optional(),
    Keywords: keywords.optional(),
    OneMonthTotalValueChangesFrom: valueChange.optional(),
    OneMonthTotalValueChangesTo: valueChange.optional(),
    OneWeekTotalValueChangesFrom: valueChange.optional(),
    OneWeekTotalValueChangesTo: valueChange.optional(),
    OneYearTotalValueChangesFrom: valueChange.optional(),
    OneYearTotalValueChangesTo: valueChange.optional(),
    Tags: tags.optional(),
    Uics: uicList.optional(),
  })
  .strict();

export const instrumentsDetailsArg = z
  .object({
    ...paging,
    AccountKey: accountKey.optional(),
    AssetTypes: assetTypeList.optional(),
    FieldGroups: fieldGroups.optional(),
    Tags: tags.optional(),
    Uics: uicList.optional(),
  })
  .strict();

export const instrumentDetailsArg = z
  .object({
    Uic: uic,
    AssetType: assetType,
    AccountKey: accountKey.optional(),
    ClientKey: accountKey.optional(),
    FieldGroups: fieldGroups.optional(),
    ...refresh,
  })
  .strict();

export const optionSpaceArg = z
  .object({
    OptionRootId: uic,
    CanParticipateInMultiLegOrder: z.boolean().optional(),
    ClientKey: accountKey.optional(),
    ExpiryDates: z.array(dateString).min(1).max(100).optional(),
    OptionSpaceSegment: z.enum(optionSpaceSegments).optional(),
    TradingStatus: z.enum(tradingStatuses).optional(),
    UnderlyingUic: uic.optional(),
  })
  .strict();

export const futuresSpaceArg = z.object({ ContinuousFuturesUic: uic }).strict();

export const tradingScheduleArg = z.object({ Uic: uic, AssetType: assetType }).strict();

/** Reference lists without parameters: only `refresh`. */
export const referenceListArg = z
  .object({ ...refresh })
  .strict()
  .optional();

export const currencyPairsArg = z
  .object({ AccountKey: accountKey.optional(), ClientKey: accountKey.optional(), ...refresh })
  .strict()
  .optional();

export const corporateActionEventsArg = z
  .object({
    ...paging,
    AccountGroupKey: accountKey.optional(),
    AccountKey: accountKey.optional(),
    ClientKey: accountKey.optional(),
    AssetTypes: assetTypeList.optional(),
    CorporateActionTypes: z
      .array(z.enum(corporateActionTypes))
      .min(1)
      .max(corporateActionTypes.length)
      .optional(),
    ElectionStatuses: z.array(z.enum(electionStatuses)).min(1).max(electionStatuses.length).optional(),
    EventStates: z.array(z.enum(eventStates)).min(1).max(eventStates.length).optional(),
    EventStatus: z.enum(eventStatuses).optional(),
    EventTypes: z
      .array(z.string().regex(/^[A-Z0-9]{4}$/, 'Event types are four-letter codes such as DVCA.'))
      .min(1)
      .max(60)
      .optional(),
    FromDeadlineDate: dateString.optional(),
    ToDeadlineDate: dateString.optional(),
    FromExDate: dateString.optional(),
    ToExDate: dateString.optional(),
    FromPayDate: dateString.optional(),
    ToPayDate: dateString.optional(),
    FromRecordDate: dateString.optional(),
    ToRecordDate: dateString.optional(),
    IncludeLapsedEvents: z.boolean().optional(),
    IncludeSubAccounts: z.boolean().optional(),
    Keywords: keywords.optional(),
    SortColumn: z.enum(eventSortColumns).optional(),
    SortType: z.enum(sortTypes).optional(),
  })
  .strict()
  .optional();

export const corporateActionEventArg = z
  .object({
    EventId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid event id.'),
    AccountKey: accountKey.optional(),
    ClientKey: accountKey.optional(),
    EventStates: z.array(z.enum(eventStates)).min(1).max(eventStates.length).optional(),
    IncludeSubAccounts: z.boolean().optional(),
  })
  .strict();

export const applicationsArg = z
  .object({
    ...paging,
    $inlinecount: z.enum(inlineCounts).optional(),
    IncludeSecrets: z.boolean().optional(),
  })
  .strict()
  .optional();

export const applicationArg = z
  .object({
    AppKey: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid app key.'),
  })
  .strict();
