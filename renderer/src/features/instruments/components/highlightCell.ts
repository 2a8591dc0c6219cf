/**
 * AG Grid cell renderer that highlights the searched words. It builds DOM nodes with
 * textContent only: AG Grid treats a returned string as HTML, and service text never is.
 */
import type { ICellRendererParams } from 'ag-grid-community';
import { highlightParts } from '../logic/highlight';

/** Grid context of the search results grid. */
export interface SearchGridContext {
  keywords: string;
}

/** Renders the cell's value with `<mark>` around the words of `context.keywords`. */
export function highlightCellRenderer(params: ICellRendererParams<unknown, string, SearchGridContext>): HTMLElement {
  const cell = document.createElement('span');
  const keywords = params.context?.keywords ?? '';
  for (const part of highlightParts(params.value ?? '', keywords)) {
    if (part.match) {
      const mark = document.createElement('mark');
      mark.className = 'match';
      mark.textContent = part.text;
      cell.append(mark);
    } else {
      cell.append(document.createTextNode(part.text));
    }
  }
  return cell;
}
