/**
 * The per-contract columns of an option chain that the trader chooses and orders. The same
 * columns show on both sides, mirrored around the strike (calls read towards it, puts away from
 * it): the contract's prices and greeks, streamed while on screen (chainPrices.ts), and its
 * reference data.
 */

/** The columns that show a streamed price or greek. */
export const chainPriceColumnIds = [
  'bid',
  'ask',
  'mid',
  'impliedVolatility',
  'delta',
  'gamma',
  'theta',
  'vega',
] as const;
export type ChainPriceColumnId = (typeof chainPriceColumnIds)[number];

export const chainColumnIds = [
  ...chainPriceColumnIds,
  'symbol',
  'occSymbol',
  'uic',
  'status',
  'lastTrade',
  'daysToLastTrade',
  'exerciseStyle',
  'settlement',
] as const;
export type ChainColumnId = (typeof chainColumnIds)[number];

/** Each column's header and what it shows. */
export const chainColumnLabels: Record<ChainColumnId, string> = {
  bid: 'Bid',
  ask: 'Ask',
  mid: 'Mid',
  impliedVolatility: 'IV',
  delta: 'Delta',
  gamma: 'Gamma',
  theta: 'Theta',
  vega: 'Vega',
  symbol: 'Symbol',
  occSymbol: 'OCC symbol',
  uic: 'Uic',
  status: 'Status',
  lastTrade: 'Last trade',
  daysToLastTrade: 'Days to last trade',
  exerciseStyle: 'Exercise',
  settlement: 'Settlement',
};

/** What a chain shows before the trader chooses: the quote and the first greeks, then the contract. */
export const defaultChainColumns: readonly ChainColumnId[] = [
  'bid',
  'ask',
  'impliedVolatility',
  'delta',
  'symbol',
];

const priceColumns = new Set<string>(chainPriceColumnIds);

/** True for a column showing a streamed price or greek. */
export function isChainPriceColumn(id: ChainColumnId): id is ChainPriceColumnId {
  return priceColumns.has(id);
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
