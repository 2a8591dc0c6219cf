/**
 * The columns of a watchlist: key reference data of each instrument. Quotes (bid, ask, last,
 * change) belong after the description once the desk carries market data: each row has the uic
 * and asset type a quote is asked for, and a quote column reads it from there. None is shown
 * before then (no invented prices).
 */
import type { ColDef } from 'ag-grid-community';
import type { WatchlistRow } from './watchlistRows';

const LISTED_WORDS: Record<WatchlistRow['listed'], string> = {
  listed: '',
  notListed: 'No longer listed',
  unknown: '…',
};

export const watchlistColumns: ColDef<WatchlistRow>[] = [
  { field: 'symbol', headerName: 'Symbol', width: 190 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 220 },
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
