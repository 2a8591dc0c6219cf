/**
 * The instruments feature's channel arguments (spec 4.1-4.6): search, details, option spaces,
 * futures spaces and trading schedules. Strict objects (unknown properties refused), bounded
 * strings and arrays, known enumeration values only.
 */
import { z } from 'zod';
import { accountKey, assetType, assetTypeList, dateString, paging, refresh, tags, uic, uicList } from './arguments';
import { instrumentClasses, instrumentFieldGroups, optionSpaceSegments, tradingStatuses } from './wire/enums';

const fieldGroups = z.array(z.enum(instrumentFieldGroups)).min(1).max(instrumentFieldGroups.length);

/** Longest search text the search box takes (and main accepts). */
export const MAX_SEARCH_TEXT = 255 as const;
const searchText = z.string().max(MAX_SEARCH_TEXT);
const valueChange = z.number().finite().min(-1_000_000).max(1_000_000);

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
      .regex(/^[A-Za-z0-9_\-.:]+$/, 'An exchange is named by its platform id, e.g. NASDAQ or EUR_AMS2.')
      .optional(),
    IncludeNonTradable: z.boolean().optional(),
    Keywords: searchText.optional(),
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
