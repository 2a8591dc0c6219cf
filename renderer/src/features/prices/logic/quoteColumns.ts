/**
 * The quote columns of a grid of instruments (the futures ladder, a watchlist): bid, ask, last
 * and net change, with the same words and formatting wherever they show. A cell holds the
 * figure itself (so an export hands a spreadsheet a number it can compute with) and is styled by
 * the state of its quote as the option chain's price cells are (quoteCells.ts: stale, closed,
 * indicative, never like a live price unless it is one); a net change is coloured up or down.
 * The state can change while the figure stays, so a grid refreshes these cells in full whenever
 * quotes change (`refreshQuoteCells`): they are few, only the rows on screen are quoted.
 */
import type { CellClassParams, ColDef, GridApi } from 'ag-grid-community';
import type { QuoteView } from '../../../../../contract/prices';
import { formatChange, formatPrice } from './priceFormat';
import { quoteCellClassRules } from './quoteCells';
import { quoteState } from './quoteState';

/**
 * Each quote column's header and width (sized for a five-digit price with decimals). The width is
 * also the column's least: price cells draw without a clip of their own (quoteGrid.css), so a
 * column narrower than its figures would spill them into the next cell.
 */
export const quoteColumns = {
  bid: { label: 'Bid', width: 96 },
  ask: { label: 'Ask', width: 96 },
  last: { label: 'Last', width: 96 },
  netChange: { label: 'Net change', width: 108 },
} as const;

export type QuoteColumnId = keyof typeof quoteColumns;
export const quoteColumnIds = Object.keys(quoteColumns) as QuoteColumnId[];

/** The grid's column id of a quote column (`quoteBid`, `quoteNetChange`…). */
export const quoteColId = (id: QuoteColumnId): string => `quote${id[0]?.toUpperCase()}${id.slice(1)}`;
export const quoteColIds: readonly string[] = quoteColumnIds.map(quoteColId);

/** The figure a quote column shows of `quote`. */
export function quoteFigure(id: QuoteColumnId, quote: QuoteView | undefined): number | undefined {
  switch (id) {
    case 'bid':
      return quote?.bid;
    case 'ask':
      return quote?.ask;
    case 'last':
      return quote?.lastTraded;
    case 'netChange':
      return quote?.netChange;
  }
}

/** The figure in words: a price with `decimals` places, a change signed; a dash when there is none. */
export function quoteFigureText(id: QuoteColumnId, value: number | undefined, decimals: number | undefined): string {
  return id === 'netChange' ? formatChange(value, decimals) : formatPrice(value, decimals);
}

/** Where a grid's quote columns read a row's quote. */
export interface QuoteColumnSource<Row> {
  /** The streamed quote of the row's instrument. */
  quoteOf: (row: Row) => QuoteView | undefined;
  /** The price stream delivers now. */
  streamLive: () => boolean;
  /** The instrument's decimals, for a quote that does not carry its own. */
  decimalsOf?: (row: Row) => number | undefined;
}

/** The column definitions of the quote columns, in their order (bid, ask, last, net change). */
export function quoteColumnDefs<Row>(source: QuoteColumnSource<Row>): ColDef<Row>[] {
  const stateOf = (params: CellClassParams<Row>) =>
    params.data === undefined ? undefined : quoteState(source.quoteOf(params.data), source.streamLive());
  const changeOf = (params: CellClassParams<Row>) => (typeof params.value === 'number' ? params.value : 0);
  return quoteColumnIds.map(
    (id): ColDef<Row> => ({
      colId: quoteColId(id),
      headerName: quoteColumns[id].label,
      width: quoteColumns[id].width,
      minWidth: quoteColumns[id].width,
      type: 'numericColumn',
      // A cellClass of its own replaces the numeric type's: keep its right alignment.
      cellClass: ['ag-right-aligned-cell', 'price'],
      // Sorting by a figure that moves four times a second would reshuffle the rows under the cursor.
      sortable: false,
      valueGetter: (params) => (params.data ? quoteFigure(id, source.quoteOf(params.data)) : undefined),
      valueFormatter: (params) => {
        if (!params.data) return '';
        const quote = source.quoteOf(params.data);
        return quoteFigureText(id, params.value as number | undefined, quote?.decimals ?? source.decimalsOf?.(params.data));
      },
      cellClassRules: {
        // The chain's rules read the state from a cell object; here it is read from the row's quote.
        ...Object.fromEntries(
          Object.entries(quoteCellClassRules).map(([name, rule]) => [
            name,
            (params: CellClassParams<Row>) => rule({ ...params, value: { state: stateOf(params) } }),
          ]),
        ),
        ...(id === 'netChange'
          ? {
              'quote-up': (params: CellClassParams<Row>) => changeOf(params) > 0,
              'quote-down': (params: CellClassParams<Row>) => changeOf(params) < 0,
            }
          : {}),
      },
    }),
  );
}

/** Draws the quote cells again (figures, state and colour) after quotes or the stream's state changed. */
export function refreshQuoteCells<Row>(api: GridApi<Row> | undefined): void {
  if (api && !api.isDestroyed()) api.refreshCells({ columns: [...quoteColIds], force: true });
}
