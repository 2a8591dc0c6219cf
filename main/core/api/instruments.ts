/**
 * Reference-data endpoints (spec 4.1–4.9), one typed function each. Parameters carry the
 * service's own names; route parameters are taken out of the query and encoded into the path.
 */
import type { HttpClient, RequestOptions } from './http';
import { queryOf, segment, type PageParams, type DateParam } from './query';
import type {
  AssetType,
  ContractOptionSpace,
  CountryDetails,
  CurrencyPairDetails,
  Feed,
  FuturesSpace,
  InstrumentClass,
  InstrumentDetails,
  InstrumentFieldGroup,
  InstrumentTradeSessions,
  OptionSpaceSegment,
  SummaryInfo,
  TimeZoneDetails,
  TradingStatus,
} from '../../../contract/wire/types';

/** Spec 4.1. */
export interface InstrumentSearchParams extends PageParams {
  AccountKey?: string;
  AssetTypes?: AssetType[];
  CanParticipateInMultiLegOrder?: boolean;
  Class?: InstrumentClass[];
  ExchangeId?: string;
  IncludeNonTradable?: boolean;
  /** Keywords separated by spaces. */
  Keywords?: string;
  OneMonthTotalValueChangesFrom?: number;
  OneMonthTotalValueChangesTo?: number;
  OneWeekTotalValueChangesFrom?: number;
  OneWeekTotalValueChangesTo?: number;
  OneYearTotalValueChangesFrom?: number;
  OneYearTotalValueChangesTo?: number;
  /** One display-hint tag (the service supports only one). */
  Tags?: string[];
  Uics?: number[];
}

/** Spec 4.2. */
export interface InstrumentsDetailsParams extends PageParams {
  AccountKey?: string;
  AssetTypes?: AssetType[];
  FieldGroups?: InstrumentFieldGroup[];
  Tags?: string[];
  Uics?: number[];
}

/** Spec 4.3. */
export interface InstrumentDetailsParams {
  Uic: number;
  AssetType: AssetType;
  AccountKey?: string;
  ClientKey?: string;
  FieldGroups?: InstrumentFieldGroup[];
}

/** Spec 4.4. */
export interface OptionSpaceParams {
  OptionRootId: number;
  CanParticipateInMultiLegOrder?: boolean;
  ClientKey?: string;
  /** Expiries whose SpecificOptions are wanted when OptionSpaceSegment is SpecificDates. */
  ExpiryDates?: DateParam[];
  OptionSpaceSegment?: OptionSpaceSegment;
  TradingStatus?: TradingStatus;
  /** Required by the service when OptionSpaceSegment is UnderlyingUic. */
  UnderlyingUic?: number;
}

/** Spec 4.9. */
export interface CurrencyPairsParams {
  AccountKey?: string;
  ClientKey?: string;
}

/** GET /ref/v1/instruments: search instruments and option roots (spec 4.1). */
export function searchInstruments(
  http: HttpClient,
  params: InstrumentSearchParams = {},
  options?: RequestOptions,
): Promise<Feed<SummaryInfo>> {
  return http.getJson('ref/v1/instruments', queryOf(params), options);
}

/** GET /ref/v1/instruments/details: details for a list of instruments (spec 4.2). */
export function getInstrumentsDetails(
  http: HttpClient,
  params: InstrumentsDetailsParams = {},
  options?: RequestOptions,
): Promise<Feed<InstrumentDetails>> {
  return http.getJson('ref/v1/instruments/details', queryOf(params), options);
}

/** GET /ref/v1/instruments/details/{Uic}/{AssetType}: one instrument (spec 4.3). */
export function getInstrumentDetails(
  http: HttpClient,
  params: InstrumentDetailsParams,
  options?: RequestOptions,
): Promise<InstrumentDetails> {
  const path = `ref/v1/instruments/details/${segment(params.Uic)}/${segment(params.AssetType)}`;
  return http.getJson(path, queryOf(params, 'Uic', 'AssetType'), options);
}

/** GET /ref/v1/instruments/contractoptionspaces/{OptionRootId}: option root and option space (spec 4.4). */
export function getOptionSpace(
  http: HttpClient,
  params: OptionSpaceParams,
  options?: RequestOptions,
): Promise<ContractOptionSpace> {
  const path = `ref/v1/instruments/contractoptionspaces/${segment(params.OptionRootId)}`;
  return http.getJson(path, queryOf(params, 'OptionRootId'), options);
}

/** GET /ref/v1/instruments/futuresspaces/{ContinuousFuturesUic} (spec 4.5). */
export function getFuturesSpace(
  http: HttpClient,
  params: { ContinuousFuturesUic: number },
  options?: RequestOptions,
): Promise<FuturesSpace> {
  return http.getJson(
    `ref/v1/instruments/futuresspaces/${segment(params.ContinuousFuturesUic)}`,
    undefined,
    options,
  );
}

/** GET /ref/v1/instruments/tradingschedule/{Uic}/{AssetType} (spec 4.6). */
export function getTradingSchedule(
  http: HttpClient,
  params: { Uic: number; AssetType: AssetType },
  options?: RequestOptions,
): Promise<InstrumentTradeSessions> {
  const path = `ref/v1/instruments/tradingschedule/${segment(params.Uic)}/${segment(params.AssetType)}`;
  return http.getJson(path, undefined, options);
}

/** GET /ref/v1/countries: every country (spec 4.7). */
export function getCountries(http: HttpClient, options?: RequestOptions): Promise<Feed<CountryDetails>> {
  return http.getJson<Feed<CountryDetails>>('ref/v1/countries', undefined, options);
}

/** GET /ref/v1/timezones: the platform's time zones (spec 4.8). */
export function getTimeZones(http: HttpClient, options?: RequestOptions): Promise<Feed<TimeZoneDetails>> {
  return http.getJson('ref/v1/timezones', undefined, options);
}

/** GET /ref/v1/currencypairs: currencies and the pairs they form (spec 4.9). */
export function getCurrencyPairs(
  http: HttpClient,
  params: CurrencyPairsParams = {},
  options?: RequestOptions,
): Promise<Feed<CurrencyPairDetails>> {
  return http.getJson('ref/v1/currencypairs', queryOf(params), options);
}
