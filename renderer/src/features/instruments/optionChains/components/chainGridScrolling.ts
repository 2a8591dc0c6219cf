/**
 * Where a chain grid is scrolled: the centre strike in the middle of the view (on a whole row,
 * so the first row in view is never cut by the header), followed as the centre moves, and the
 * strikes in view reported a moment after scrolling stops (only they are quoted).
 */
import type { GridApi } from 'ag-grid-community';
import { onBeforeUnmount, watch, type ShallowRef } from 'vue';
import type { ChainRow } from '../logic/chainRows';
import { visibleStrikeRange, type StrikeRange } from '../logic/visibleStrikes';

export interface ChainGridScrollOptions {
  api: ShallowRef<GridApi<ChainRow> | undefined>;
  rows: () => readonly ChainRow[];
  centreStrike: () => number | undefined;
  rowHeight: number;
  onVisibleStrikes: (range: StrikeRange | undefined) => void;
}

export function scrollChainGrid(options: ChainGridScrollOptions) {
  const { api, rows } = options;

  /** Index of the centre strike's row (the first row when there is none). */
  function centreIndex(): number {
    const centre = options.centreStrike();
    return Math.max(
      0,
      rows().findIndex((row) => row.strike === centre),
    );
  }

  /** Scrolls the centre strike into the middle of the view, then to the nearest whole row. */
  function scrollToCentre(): void {
    const gridApi = api.value;
    if (!gridApi || gridApi.isDestroyed() || rows().length === 0) return;
    gridApi.ensureIndexVisible(centreIndex(), 'middle');
    const { top } = gridApi.getVerticalPixelRange();
    const firstWhole = Math.round(top / options.rowHeight);
    if (firstWhole * options.rowHeight !== top)
      gridApi.ensureIndexVisible(Math.min(firstWhole, rows().length - 1), 'top');
  }

  /**
   * The centre follows the underlying as it crosses strikes while prices stream: scrolling reads
   * the grid's layout, so it waits until the frame that draws the change has laid it out (read at
   * once, it forced a layout of the whole chain on every crossing; profiled with rendererPrices).
   */
  let centreScroll: ReturnType<typeof setTimeout> | undefined;
  function scrollToCentreAfterFrame(): void {
    clearTimeout(centreScroll);
    const later = () => (centreScroll = setTimeout(scrollToCentre, 0));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  }
  watch(options.centreStrike, scrollToCentreAfterFrame);

  /** The strikes in view, reported a moment after scrolling stops moving them. */
  let reported = '';
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  function reportVisibleStrikes(): void {
    clearTimeout(reportTimer);
    reportTimer = setTimeout(() => {
      const gridApi = api.value;
      if (!gridApi || gridApi.isDestroyed()) return;
      const { top, bottom } = gridApi.getVerticalPixelRange();
      const range = visibleStrikeRange(
        rows().map((row) => row.strike),
        top,
        bottom,
        options.rowHeight,
      );
      const text = JSON.stringify(range ?? null);
      if (text === reported) return;
      reported = text;
      options.onVisibleStrikes(range);
    }, 80);
  }

  onBeforeUnmount(() => {
    clearTimeout(centreScroll);
    clearTimeout(reportTimer);
  });
  return { centreIndex, scrollToCentre, reportVisibleStrikes };
}
