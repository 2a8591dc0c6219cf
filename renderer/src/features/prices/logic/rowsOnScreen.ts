/**
 * The rows of a grid that are on screen, for a price watch: those whose band meets the grid's
 * scrolled viewport, with a couple of rows' margin so a small scroll does not wait on a new
 * watch (as the option chain quotes its visible strikes, visibleStrikes.ts). Rows drawn only as
 * the grid's scroll buffer are not quoted.
 */
import type { GridApi } from 'ag-grid-community';

/** Rows either side of those in view that are quoted too. */
export const MARGIN_ROWS = 2;

/** The rows (after sort and filter) in view of `api`, with `margin` rows either side. */
export function rowsOnScreen<Row>(api: GridApi<Row>, margin = MARGIN_ROWS): Row[] {
  const { top, bottom } = api.getVerticalPixelRange();
  const count = api.getDisplayedRowCount();
  let first = -1;
  let last = -1;
  for (let index = 0; index < count; index++) {
    const node = api.getDisplayedRowAtIndex(index);
    if (node?.rowTop == null) continue;
    const rowBottom = node.rowTop + (node.rowHeight ?? 0);
    if (node.rowTop > bottom) break;
    if (rowBottom > top) {
      if (first < 0) first = index;
      last = index;
    }
  }
  if (first < 0) return [];
  const rows: Row[] = [];
  for (let index = Math.max(0, first - margin); index <= Math.min(count - 1, last + margin); index++) {
    const data = api.getDisplayedRowAtIndex(index)?.data;
    if (data !== undefined) rows.push(data);
  }
  return rows;
}

/** Reports a grid's rows on screen; `stop` when the grid goes. */
export interface RowsOnScreenReporter {
  /** Reads the rows a moment after they stop moving (bind to scroll, resize and model events). */
  report: () => void;
  stop: () => void;
}

const SETTLE_MS = 80;

/**
 * Calls `shown` with the rows on screen of the grid `api()` whenever they change, a moment
 * after they stop moving, so scrolling sends one watch, not fifty.
 */
export function rowsOnScreenReporter<Row>(
  api: () => GridApi<Row> | undefined,
  keyOf: (row: Row) => string,
  shown: (rows: Row[]) => void,
): RowsOnScreenReporter {
  let reported = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    report() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const gridApi = api();
        if (!gridApi || gridApi.isDestroyed()) return;
        const rows = rowsOnScreen(gridApi);
        const text = rows.map(keyOf).join(',');
        if (text === reported) return;
        reported = text;
        shown(rows);
      }, SETTLE_MS);
    },
    stop: () => clearTimeout(timer),
  };
}
