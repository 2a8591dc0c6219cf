/**
 * A grid cell of a streamed figure: its text and the state of the quote it comes from. Grids
 * compare cells by both (so a quote going stale is redrawn though its figure is the same) and
 * style them by the state, never like a live price unless it is one.
 */
import type { CellClassParams } from 'ag-grid-community';
import type { QuoteState } from './quoteState';

export interface QuoteCell {
  text: string;
  state: QuoteState;
}

/** Two cells are the same when they show the same figure in the same state. */
export function sameQuoteCell(a: QuoteCell | undefined, b: QuoteCell | undefined): boolean {
  return a?.text === b?.text && a?.state === b?.state;
}

const stateOf = (params: CellClassParams) => (params.value as QuoteCell | undefined)?.state;

/** The cell classes of a quote cell's state (styled by each grid). */
export const quoteCellClassRules = {
  'quote-stale': (params: CellClassParams) => stateOf(params) === 'stale',
  'quote-closed': (params: CellClassParams) => stateOf(params) === 'closed' || stateOf(params) === 'unavailable',
  'quote-indicative': (params: CellClassParams) => stateOf(params) === 'indicative',
};
