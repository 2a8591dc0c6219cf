/**
 * The columns of a watchlist: key reference data of each instrument, and after its description
 * its quote (bid, ask, last, net change: the quote columns the futures ladder shows too), read
 * by the row's uic and asset type from the prices streamed while the row is on screen.
 */
import type { ColDef } from 'ag-grid-community';
import { quoteColumnDefs, type QuoteColumnSource } from '../../prices/logic/quoteColumns';
import type { WatchlistRow } from './watchlistRows';

const LISTED_WORDS: Record<WatchlistRow['listed'], string> = {
  listed: '',
  notListed: 'No longer listed',
  unknown: '…',
};

/** A watchlist's columns, its quotes read from `quotes`. */
export const watchlistColumns = (quotes: QuoteColumnSource<WatchlistRow>): ColDef<WatchlistRow>[] => [
  { field: 'symbol', headerName: 'Symbol', width: 190 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 220 },
  ...quoteColumnDefs(quotes),
  { field: 'assetType', headerName: 'Asset type', width: 150 },
  { field: 'exchangeId', headerName: 'Exchange', width: 100 },
  { field: 'exchangeName', headerName: 'Exchange name', width: 190 },
  { field: 'currency', headerName: 'Currency', width: 90 },
  { field: 'expiry', headerName: 'Expiry', width: 110 },
  {
    colId: 'status',
    headerName: 'Status',
    width: 140,
    valueGetter: (p) => (p.data ? LISTED_WORDS[p.data.listed] || (p.data.tradingStatus ?? '') : ''),
    cellClassRules: { 'not-listed': (p) => p.data?.listed === 'notListed' },
  },
  { field: 'uic', headerName: 'Uic', width: 100, type: 'numericColumn' },
  { field: 'addedOn', headerName: 'Added', width: 110 },
];
