/**
 * The per-contract columns of an option chain that the trader chooses and orders. The same
 * columns show on both sides, mirrored around the strike (calls read towards it, puts away from
 * it). Only what differs from contract to contract is a column: what a whole expiry shares (its
 * last trade, days to it, exercise style, settlement, the future it exercises into) is said once
 * in the expiry's header (expiryHeader.ts). A new column is one entry of `chainColumns` (and its
 * cell in chainCells.ts).
 */

/** How one column shows. */
export interface ChainColumnDefinition {
  /** The header. */
  label: string;
  /** Width in pixels, sized so every column on both sides fits a 1920 px screen. */
  width: number;
  /** Numbers: right-aligned, tabular. */
  numeric: boolean;
  /** Fixed-width text that must line up from row to row (the OCC symbol's padded root). */
  monospace: boolean;
}

export const chainColumns = {
  symbol: { label: 'Symbol', width: 175, numeric: false, monospace: false },
  occSymbol: { label: 'OCC symbol', width: 185, numeric: false, monospace: true },
  uic: { label: 'Uic', width: 96, numeric: true, monospace: false },
  status: { label: 'Status', width: 104, numeric: false, monospace: false },
} as const satisfies Record<string, ChainColumnDefinition>;

export type ChainColumnId = keyof typeof chainColumns;
export const chainColumnIds = Object.keys(chainColumns) as ChainColumnId[];

/** Each column's header. */
export const chainColumnLabels = Object.fromEntries(
  chainColumnIds.map((id) => [id, chainColumns[id].label]),
) as Record<ChainColumnId, string>;

/** Width of the strike column between the two sides. */
export const STRIKE_COLUMN_WIDTH = 96;

/** Pixels a chain of `columns` needs to show without scrolling sideways (both sides and the strike). */
export function chainWidth(columns: readonly ChainColumnId[]): number {
  return STRIKE_COLUMN_WIDTH + 2 * columns.reduce((sum, id) => sum + chainColumns[id].width, 0);
}

/** What a chain shows before the trader chooses. */
export const defaultChainColumns: readonly ChainColumnId[] = ['symbol', 'occSymbol', 'status'];

const known = new Set<string>(chainColumnIds);

/** The known ids of `ids` in their order, each once; the defaults when none is left. */
export function normalizedChainColumns(ids: readonly unknown[] | undefined): ChainColumnId[] {
  const seen = new Set<string>();
  const columns: ChainColumnId[] = [];
  for (const id of ids ?? []) {
    if (typeof id === 'string' && known.has(id) && !seen.has(id)) {
      seen.add(id);
      columns.push(id as ChainColumnId);
    }
  }
  return columns.length > 0 ? columns : [...defaultChainColumns];
}

/** `columns` with `id` shown (appended) or hidden; the last shown column cannot be hidden. */
export function toggledChainColumn(columns: readonly ChainColumnId[], id: ChainColumnId): ChainColumnId[] {
  if (!columns.includes(id)) return [...columns, id];
  return columns.length > 1 ? columns.filter((column) => column !== id) : [...columns];
}

/** `columns` with `id` moved one place earlier (-1) or later (+1), when it can move. */
export function movedChainColumn(columns: readonly ChainColumnId[], id: ChainColumnId, step: -1 | 1): ChainColumnId[] {
  const from = columns.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= columns.length) return [...columns];
  const moved = [...columns];
  [moved[from], moved[to]] = [moved[to] as ChainColumnId, moved[from] as ChainColumnId];
  return moved;
}
