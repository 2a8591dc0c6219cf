/**
 * What a chain grid draws again as the market and the cursor move, and no more: the price cells
 * of the rows whose quotes changed (once a frame), the shading of the rows whose strike the
 * underlying crossed, the centre mark's old and new strike cells, the cursor's contract. The grid's
 * context is updated in place, so the cell rules read the current figures as they draw.
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import { watch, type ShallowRef } from 'vue';
import type { ChainContext } from '../logic/chainGridColumns';
import { isInTheMoney } from '../logic/chainPrices';
import type { ChainRow } from '../logic/chainRows';
import { refreshChainPricesPerFrame, type ChainPriceRefreshOptions } from './chainPriceRefresh';

export interface ChainRedrawOptions extends ChainPriceRefreshOptions {
  api: ShallowRef<GridApi<ChainRow> | undefined>;
  context: ChainContext;
  underlyingPrice: () => number | undefined;
  centreStrike: () => number | undefined;
  selectedUic: () => number | undefined;
}

export function redrawChainCellsOnChange(options: ChainRedrawOptions): void {
  const { api, context } = options;
  refreshChainPricesPerFrame(options);

  /** The grid's rows of these strikes (those it has). */
  function rowNodesOf(strikes: (number | undefined)[]): IRowNode<ChainRow>[] {
    const gridApi = api.value;
    if (!gridApi) return [];
    return strikes.flatMap((strike) => {
      const node = strike === undefined ? undefined : gridApi.getRowNode(String(strike));
      return node ? [node] : [];
    });
  }

  // Only the rows whose money changed (those whose strike the underlying crossed) are redrawn.
  watch(options.underlyingPrice, (price, previous) => {
    context.underlyingPrice = price;
    const crossed = options
      .rows()
      .filter(
        (row) =>
          isInTheMoney('call', row.strike, price) !== isInTheMoney('call', row.strike, previous) ||
          isInTheMoney('put', row.strike, price) !== isInTheMoney('put', row.strike, previous),
      );
    const rowNodes = rowNodesOf(crossed.map((row) => row.strike));
    if (rowNodes.length > 0) api.value?.refreshCells({ rowNodes, force: true });
  });
  // The centre's mark moves with the centre: only its old and new strike cells are drawn again.
  watch(options.centreStrike, (centre, previous) => {
    context.centreStrike = centre;
    const rowNodes = rowNodesOf([previous, centre]);
    if (rowNodes.length > 0) api.value?.refreshCells({ rowNodes, columns: ['strike'], force: true });
  });
  // The cursor's contract is outlined wherever it is (it moves at the trader's pace).
  watch(options.selectedUic, (uic) => {
    context.selectedUic = uic;
    api.value?.refreshCells({ force: true });
  });
}
