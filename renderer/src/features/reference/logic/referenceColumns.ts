/** The columns and row ids of the reference lists (countries, time zones, currency pairs, exchanges). */
import type { ColDef } from 'ag-grid-community';
import type { CountryDetails } from '../../../../../contract/wire/types';
import type { ExchangeRow } from './exchangeStatus';
import type { CurrencyPairRow, TimeZoneRow } from './referenceLists';

export const countryColumns: ColDef<CountryDetails>[] = [
  { field: 'Name', headerName: 'Name', flex: 2, sort: 'asc' },
  { field: 'CountryCode', headerName: 'Alpha-2', width: 110 },
  { field: 'A3', headerName: 'Alpha-3', width: 110 },
  { field: 'Numeric', headerName: 'Numeric', width: 110, type: 'numericColumn' },
];
export const countryId = (row: CountryDetails): string => row.CountryCode;
/** What the filter looks through in a country's row. */
export const countryValues = (row: CountryDetails): unknown[] => [row.Name, row.CountryCode, row.A3, row.Numeric];

export const timeZoneColumns: ColDef<TimeZoneRow>[] = [
  { field: 'id', headerName: 'Id', width: 80, type: 'numericColumn', comparator: (a, b) => Number(a) - Number(b) },
  { field: 'displayName', headerName: 'Name', flex: 2 },
  { field: 'zoneName', headerName: 'Zone', flex: 2 },
  { field: 'abbreviation', headerName: 'Abbreviation', width: 130 },
  { field: 'currentOffset', headerName: 'Offset now', width: 120 },
  { field: 'serviceOffset', headerName: 'Service offset', width: 130 },
];
export const timeZoneId = (row: TimeZoneRow): string => row.id;
export const timeZoneValues = (row: TimeZoneRow): unknown[] => [
  row.id, row.displayName, row.zoneName, row.abbreviation, row.currentOffset, row.serviceOffset,
];

/** One row per pair, as the market quotes it, with the uic of the pair's instrument. */
export const currencyPairColumns: ColDef<CurrencyPairRow>[] = [
  { field: 'pair', headerName: 'Pair', width: 120, sort: 'asc' },
  { field: 'base', headerName: 'Base currency', width: 140 },
  { field: 'quote', headerName: 'Quote currency', width: 140 },
  { field: 'uic', headerName: 'Uic', flex: 1, type: 'numericColumn' },
];
export const currencyPairId = (row: CurrencyPairRow): string => String(row.uic);
/** What the filter looks through, the pair written the other way round too (`usdeur` finds EURUSD). */
export const currencyPairValues = (row: CurrencyPairRow): unknown[] => [
  row.pair, `${row.base}/${row.quote}`, `${row.base} ${row.quote}`, `${row.quote}${row.base}`, `${row.quote}/${row.base}`, row.uic,
];

/** Open now, when it next opens or closes, in the exchange's time and the user's. */
export const exchangeColumns: ColDef<ExchangeRow>[] = [
  { field: 'name', headerName: 'Exchange', flex: 2, minWidth: 200, sort: 'asc' },
  { field: 'mic', headerName: 'MIC', width: 90 },
  { field: 'country', headerName: 'Country', width: 90 },
  {
    colId: 'status',
    headerName: 'Now',
    width: 170,
    valueGetter: (p) => (p.data ? `${p.data.status.label}${p.data.holiday ? ` (${p.data.holiday})` : ''}` : ''),
    cellClass: (p) => (p.data ? `phase-${p.data.status.phase}` : ''),
  },
  { colId: 'next', headerName: 'Next', width: 190, valueGetter: (p) => p.data?.status.next ?? '—' },
  { field: 'nextExchangeTime', headerName: 'At (exchange time)', width: 150 },
  { field: 'nextLocalTime', headerName: 'At (your time)', width: 130 },
  { field: 'exchangeNow', headerName: 'Exchange clock', width: 130 },
  { field: 'zone', headerName: 'Time zone', width: 170 },
  { field: 'currency', headerName: 'Currency', width: 100 },
];
export const exchangeId = (row: ExchangeRow): string => row.id;
/** What the filter looks through: what is shown, and the name its prices go by (`nyse` finds XNYS). */
export const exchangeValues = (row: ExchangeRow): unknown[] => [
  row.name, row.mic, row.id, row.priceSource, row.country, row.currency, row.zone, row.status.label, row.holiday,
];
