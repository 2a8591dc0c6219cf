/** The columns and row ids of the reference lists (countries, time zones, currency pairs). */
import type { ColDef } from 'ag-grid-community';
import type { CountryDetails } from '../../../../../contract/wire/types';
import type { CurrencyPairRow, TimeZoneRow } from './referenceLists';

export const countryColumns: ColDef<CountryDetails>[] = [
  { field: 'Name', headerName: 'Name', flex: 2, sort: 'asc' },
  { field: 'CountryCode', headerName: 'Alpha-2', width: 110 },
  { field: 'A3', headerName: 'Alpha-3', width: 110 },
  { field: 'Numeric', headerName: 'Numeric', width: 110, type: 'numericColumn' },
];
export const countryId = (row: CountryDetails): string => row.CountryCode;

export const timeZoneColumns: ColDef<TimeZoneRow>[] = [
  { field: 'id', headerName: 'Id', width: 80, type: 'numericColumn', comparator: (a, b) => Number(a) - Number(b) },
  { field: 'displayName', headerName: 'Name', flex: 2 },
  { field: 'zoneName', headerName: 'Zone', flex: 2 },
  { field: 'abbreviation', headerName: 'Abbreviation', width: 130 },
  { field: 'currentOffset', headerName: 'Offset now', width: 120 },
  { field: 'serviceOffset', headerName: 'Service offset', width: 130 },
];
export const timeZoneId = (row: TimeZoneRow): string => row.id;

/** Each currency's related currencies with the uic of the pair's instrument. */
export const currencyPairColumns: ColDef<CurrencyPairRow>[] = [
  { field: 'currency', headerName: 'Currency', width: 120, sort: 'asc' },
  { field: 'related', headerName: 'Related currency', width: 160 },
  { field: 'pair', headerName: 'Pair', width: 120 },
  { field: 'uic', headerName: 'Uic', flex: 1, type: 'numericColumn' },
];
export const currencyPairId = (row: CurrencyPairRow): string => `${row.currency}:${row.related}`;
