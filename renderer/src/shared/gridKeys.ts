/**
 * Keys every grid of the desk shares beyond AG Grid's own: j and k move down and up a row, as
 * ArrowDown and ArrowUp do (the keys traders know from other desks' tools), in the same column.
 */
import type { CellKeyDownEvent } from 'ag-grid-community';

/** True for a plain key press (no Ctrl, Alt or Meta; Shift only where it makes the letter). */
export function isPlainKey(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.altKey && !event.metaKey;
}

/**
 * Moves the cursor one row for j (down) or k (up); answers true when the key was one of them.
 * The grid scrolls to keep the row in view and fires its usual cell-focused event, so whatever
 * follows the cursor (a preview) follows j and k too.
 */
export function moveWithLetterKeys<Row>(event: CellKeyDownEvent<Row>): boolean {
  const keyboard = event.event as KeyboardEvent | undefined;
  if (!keyboard || !isPlainKey(keyboard) || (keyboard.key !== 'j' && keyboard.key !== 'k')) return false;
  keyboard.preventDefault();
  const rowIndex = event.rowIndex;
  if (rowIndex === null) return true;
  const next = rowIndex + (keyboard.key === 'j' ? 1 : -1);
  if (next < 0 || next >= event.api.getDisplayedRowCount()) return true;
  event.api.ensureIndexVisible(next);
  event.api.setFocusedCell(next, event.column);
  return true;
}
