/**
 * Keeps a chain grid's price cells current as quotes arrive, at most once an animation frame:
 * only the rows whose call or put quote changed since the last frame are refreshed, and only in
 * the price columns (the rows, the columns and the other cells stay as they are). The prices
 * store replaces a quote's object whenever main pushes it, so a changed quote is found by
 * identity without comparing figures; the cells' `equals` then redraws only those whose figure
 * or state moved. The stream's state changing (live, reconnecting) refreshes every price cell.
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import { onBeforeUnmount, watch, type ShallowRef } from 'vue';
import type { QuoteView } from '../../../../../../contract/prices';
import type { ChainRow } from '../logic/chainRows';

export interface ChainPriceRefreshOptions {
  api: ShallowRef<GridApi<ChainRow> | undefined>;
  rows: () => readonly ChainRow[];
  quoteOf: (uic: number) => QuoteView | undefined;
  priceColIds: () => string[];
  /** Changes whenever quotes changed. */
  revision: () => number;
  streamLive: () => boolean;
}

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(run, 16);
  return () => clearTimeout(timer);
};

export function refreshChainPricesPerFrame(options: ChainPriceRefreshOptions): void {
  /** The quote object each contract's cells were last refreshed with. */
  const seen = new Map<number, QuoteView | undefined>();
  let everyRow = false;
  let cancel: (() => void) | undefined;

  function changedRows(gridApi: GridApi<ChainRow>): IRowNode<ChainRow>[] {
    const nodes: IRowNode<ChainRow>[] = [];
    for (const row of options.rows()) {
      let changed = everyRow;
      for (const option of [row.call, row.put]) {
        if (!option) continue;
        const quote = options.quoteOf(option.Uic);
        if (seen.get(option.Uic) !== quote) changed = true;
        seen.set(option.Uic, quote);
      }
      const node = changed ? gridApi.getRowNode(String(row.strike)) : undefined;
      if (node) nodes.push(node);
    }
    return nodes;
  }

  function refresh(): void {
    cancel = undefined;
    const gridApi = options.api.value;
    const columns = options.priceColIds();
    if (!gridApi || gridApi.isDestroyed() || columns.length === 0) return;
    const rowNodes = changedRows(gridApi);
    everyRow = false;
    if (rowNodes.length > 0) gridApi.refreshCells({ rowNodes, columns });
  }

  function schedule(): void {
    cancel ??= nextFrame(refresh);
  }

  watch(options.revision, schedule);
  watch(options.streamLive, () => {
    everyRow = true;
    schedule();
  });
  onBeforeUnmount(() => cancel?.());
}
