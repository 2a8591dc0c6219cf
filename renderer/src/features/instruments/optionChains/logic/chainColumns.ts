/**
 * The per-contract columns of an option chain that the trader chooses and orders. The same
 * columns show on both sides, mirrored around the strike (calls read towards it, puts away from
 * it): the contract's prices and greeks, streamed while on screen (chainPrices.ts), and its
 * reference data. Only what differs from contract to contract is a column: what a whole expiry
 * shares (its last trade, days to it, exercise style, settlement, the future it exercises into)
 * is said once in the expiry's header (expiryHeader.ts). A new column is one entry of
 * `chainColumns` (and its cell in chainCells.ts or chainPrices.ts).
 */

/** How one column shows. */
export interface ChainColumnDefinition {
  /** The header. */
  label: string;
  /** Width in pixels, sized so the reference columns, or the defaults, fit a 1920 px screen. */
  width: number;
  /** Numbers: right-aligned, tabular. */
  numeric: boolean;
  /** Fixed-width text that must line up from row to row (the OCC symbol's padded root). */
  monospace: boolean;
  /** A streamed price or greek (chainPrices.ts) rather than reference data (chainCells.ts). */
  price: boolean;
}

export const chainColumns = {
  bid: { label: 'Bid', width: 80, numeric: true, monospace: false, price: true },
  ask: { label: 'Ask', width: 80, numeric: true, monospace: false, price: true },
  mid: { label: 'Mid', width: 80, numeric: true, monospace: false, price: true },
  impliedVolatility: { label: 'IV', width: 72, numeric: true, monospace: false, price: true },
  delta: { label: 'Delta', width: 74, numeric: true, monospace: false, price: true },
  gamma: { label: 'Gamma', width: 78, numeric: true, monospace: false, price: true },
  theta: { label: 'Theta', width: 72, numeric: true, monospace: false, price: true },
  vega: { label: 'Vega', width: 72, numeric: true, monospace: false, price: true },
  symbol: { label: 'Symbol', width: 175, numeric: false, monospace: false, price: false },
  occSymbol: { label: 'OCC symbol', width: 185, numeric: false, monospace: true, price: false },
  uic: { label: 'Uic', width: 96, numeric: true, monospace: false, price: false },
  status: { label: 'Status', width: 104, numeric: false, monospace: false, price: false },
} as const satisfies Record<string, ChainColumnDefinition>;

export type ChainColumnId = keyof typeof chainColumns;
export const chainColumnIds = Object.keys(chainColumns) as ChainColumnId[];

/** The columns that show a streamed price or greek. */
export type ChainPriceColumnId = {
  [Id in ChainColumnId]: (typeof chainColumns)[Id]['price'] extends true ? Id : never;
}[ChainColumnId];
export const chainPriceColumnIds = chainColumnIds.filter(
  (id) => chainColumns[id].price,
) as ChainPriceColumnId[];

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

/** What a chain shows before the trader chooses: the quote and the first greeks, then the contract. */
export const defaultChainColumns: readonly ChainColumnId[] = [
  'bid',
  'ask',
  'impliedVolatility',
  'delta',
  'symbol',
];

/** True for a column showing a streamed price or greek. */
export function isChainPriceColumn(id: ChainColumnId): id is ChainPriceColumnId {
  return chainColumns[id].price;
}

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
export function movedChainColumn(
  columns: readonly ChainColumnId[],
  id: ChainColumnId,
  step: -1 | 1,
): ChainColumnId[] {
  const from = columns.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= columns.length) return [...columns];
  const moved = [...columns];
  [moved[from], moved[to]] = [moved[to] as ChainColumnId, moved[from] as ChainColumnId];
  return moved;
}
