/**
 * The grids of one chain panel, one per expiry shown: the active expiry's grid takes the keyboard
 * back (after a contract's details close), and every expiry shown exports as one table, each row
 * led by its expiry.
 */
import { ref, type Ref } from 'vue';
import type { ExportTable } from '../../../shared/gridExport';
import type OptionChainGrid from './components/OptionChainGrid.vue';

type ChainGrid = InstanceType<typeof OptionChainGrid>;

export function useChainPanelGrids(sections: Ref<readonly { expiry: string }[]>) {
  const activeGrid = ref<ChainGrid[]>([]);
  /** The grid of each expiry shown, for the export. */
  const grids = new Map<string, ChainGrid>();

  /** The template's function ref for the grid of `expiry`, shown at `index` (0: the active expiry). */
  function keepGrid(expiry: string, index: number, grid: unknown): void {
    if (!grid) {
      grids.delete(expiry);
      return;
    }
    grids.set(expiry, grid as ChainGrid);
    if (index === 0) activeGrid.value = [grid as ChainGrid];
  }

  /** Every expiry shown as one table, each row led by its expiry. */
  function exportTable(): ExportTable | undefined {
    let headers: string[] | undefined;
    const rows: ExportTable['rows'] = [];
    for (const section of sections.value) {
      const table = grids.get(section.expiry)?.exportTable();
      if (!table) continue;
      headers ??= ['Expiry', ...table.headers];
      for (const row of table.rows) rows.push([section.expiry, ...row]);
    }
    return headers ? { headers, rows } : undefined;
  }

  /** Puts the keyboard back on the centre strike of the active expiry. */
  function focusCentre(): void {
    activeGrid.value[0]?.focusCentre();
  }

  return { keepGrid, exportTable, focusCentre };
}
