/**
 * The column definitions of one expiry's chain grid: calls | strike | puts, the chosen columns
 * mirrored around the strike. The definitions depend only on the chosen columns, the strike's
 * decimals and whether the strike is pinned: everything that moves with the market (quotes, the
 * underlying, the cursor's contract) is read when a cell is drawn, through `source` and the
 * grid's context, so a price update never rebuilds the columns (rebuilding them cost a forced
 * layout of the whole grid on every tick).
 */
import type { CellClassParams, ColDef, ColGroupDef } from 'ag-grid-community';
import type { QuoteView } from '../../../../../../contract/prices';
import { quoteCellClassRules, sameQuoteCell } from '../../../prices/logic/quoteCells';
import { chainCellText, type ChainExpiryFacts } from './chainCells';
import {
  chainColumns,
  isChainPriceColumn,
  STRIKE_COLUMN_WIDTH,
  type ChainColumnId,
  type ChainPriceColumnId,
} from './chainColumns';
import { chainPriceCell, isInTheMoney, type ChainPriceCell } from './chainPrices';
import { isTradableStatus, type ChainRow } from './chainRows';

/** What the grid's cell rules read as they draw: one object for the grid's life, updated in place. */
export interface ChainContext {
  centreStrike: number | undefined;
  selectedUic: number | undefined;
  underlyingPrice: number | undefined;
}

/** Where the cells read what changes while the columns stay: called at draw time. */
export interface ChainCellSource {
  quoteOf: (uic: number) => QuoteView | undefined;
  priceDecimals: () => number | undefined;
  streamLive: () => boolean;
  facts: () => ChainExpiryFacts;
}

export type Side = 'call' | 'put';

export const sideOf = (colId: string | undefined): Side | undefined =>
  colId?.startsWith('call') ? 'call' : colId?.startsWith('put') ? 'put' : undefined;

export const colIdOf = (side: Side, column: ChainColumnId): string =>
  `${side}${column[0]?.toUpperCase()}${column.slice(1)}`;

/** The price columns' ids of both sides (those refreshed as quotes come). */
export const priceColIdsOf = (columns: readonly ChainColumnId[]): string[] =>
  columns.filter(isChainPriceColumn).flatMap((column) => [colIdOf('call', column), colIdOf('put', column)]);

function sideClasses(side: Side) {
  return {
    'non-tradable': (params: CellClassParams<ChainRow>) => {
      const option = params.data?.[side];
      return option !== undefined && !isTradableStatus(option.TradingStatus);
    },
    'no-contract': (params: CellClassParams<ChainRow>) => params.data !== undefined && !params.data[side],
    'selected-contract': (params: CellClassParams<ChainRow>) => {
      const uic = (params.context as ChainContext).selectedUic;
      return uic !== undefined && params.data?.[side]?.Uic === uic;
    },
    // Reads the live underlying: the grid refreshes these cells when it crosses a strike.
    'in-the-money': (params: CellClassParams<ChainRow>) =>
      params.data !== undefined &&
      isInTheMoney(side, params.data.strike, (params.context as ChainContext).underlyingPrice),
  };
}

function priceColumn(side: Side, column: ChainPriceColumnId, source: ChainCellSource): ColDef<ChainRow> {
  return {
    colId: colIdOf(side, column),
    headerName: chainColumns[column].label,
    width: chainColumns[column].width,
    // Price cells are not clipped (chainGrid.css): no narrower than the figures they show.
    minWidth: chainColumns[column].width,
    type: 'numericColumn',
    // A cellClass of its own replaces the numeric type's: keep its right alignment.
    cellClass: ['ag-right-aligned-cell', 'price'],
    valueGetter: (p) => {
      const option = p.data?.[side];
      return option
        ? chainPriceCell(column, source.quoteOf(option.Uic), source.priceDecimals(), source.streamLive())
        : undefined;
    },
    valueFormatter: (p) => (p.value as ChainPriceCell | undefined)?.text ?? '',
    // Only cells whose figure or state changed are drawn again.
    equals: (a, b) => sameQuoteCell(a as ChainPriceCell | undefined, b as ChainPriceCell | undefined),
    cellClassRules: { ...sideClasses(side), ...quoteCellClassRules },
  };
}

function referenceColumn(
  side: Side,
  column: Exclude<ChainColumnId, ChainPriceColumnId>,
  source: ChainCellSource,
): ColDef<ChainRow> {
  return {
    colId: colIdOf(side, column),
    headerName: chainColumns[column].label,
    width: chainColumns[column].width,
    ...(chainColumns[column].numeric ? { type: 'numericColumn' } : {}),
    ...(chainColumns[column].monospace ? { cellClass: 'monospace' } : {}),
    valueGetter: (p) => {
      const option = p.data?.[side];
      return option ? chainCellText(column, option, source.facts()) : '';
    },
    cellClassRules: sideClasses(side),
  };
}

function sideColumns(side: Side, columns: readonly ChainColumnId[], source: ChainCellSource): ColDef<ChainRow>[] {
  // The first chosen column sits next to the strike on both sides.
  const ordered = side === 'call' ? [...columns].reverse() : columns;
  return ordered.map((column) =>
    isChainPriceColumn(column) ? priceColumn(side, column, source) : referenceColumn(side, column, source),
  );
}

/** The grid's columns: built again only when the chosen columns, the strike format or the pin change. */
export function chainColumnDefs(
  columns: readonly ChainColumnId[],
  strikeFormat: Intl.NumberFormat,
  pinStrike: boolean,
  source: ChainCellSource,
): (ColDef<ChainRow> | ColGroupDef<ChainRow>)[] {
  return [
    { headerName: 'Calls', children: sideColumns('call', columns, source) },
    {
      colId: 'strike',
      headerName: 'Strike',
      width: STRIKE_COLUMN_WIDTH,
      pinned: pinStrike ? 'left' : null,
      lockPinned: true,
      cellClass: 'strike',
      // A cell rule, not a row rule: moving it redraws two cells, not two rows (and their focus).
      cellClassRules: {
        'centre-strike': (params: CellClassParams<ChainRow>) =>
          params.data !== undefined && params.data.strike === (params.context as ChainContext).centreStrike,
      },
      valueGetter: (p) => p.data?.strike,
      valueFormatter: (p) => (typeof p.value === 'number' ? strikeFormat.format(p.value) : ''),
    },
    { headerName: 'Puts', children: sideColumns('put', columns, source) },
  ];
}
