/**
 * Tables as spreadsheets read them safely, for every export of the desk (the grids and the
 * corporate-actions inbox): CSV files in UTF-8 with a byte order mark (so Excel detects the
 * encoding), RFC 4180 quoting and CRLF line ends, and tab-separated text for pasting. Text
 * cells that a spreadsheet would run as a formula (beginning with = + - @, or tab and carriage
 * return, per OWASP) are prefixed with a quote in both.
 */

/** A cell value; numbers and booleans are written as they are, absent values as empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/** One column: its header and how to read its cell from a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, escaped for a table separated by `delimiter`: text beginning like a formula gets a
 * leading `'` so it stays text, then quotes are added when the cell holds the delimiter, a quote
 * or a line break. Real numbers are not prefixed (a number cannot carry a formula, and -5 must
 * stay a number).
 */
export function escapeCell(value: CsvValue, delimiter: ',' | '\t'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV cell, escaped (see escapeCell). */
export function escapeCsvCell(value: CsvValue): string {
  return escapeCell(value, ',');
}

/** The byte order mark that tells spreadsheets the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

function lines<Row>(columns: CsvColumn<Row>[], rows: readonly Row[], delimiter: ',' | '\t'): string {
  const all = [columns.map((column) => escapeCell(column.header, delimiter)).join(delimiter)];
  for (const row of rows) all.push(columns.map((column) => escapeCell(column.value(row), delimiter)).join(delimiter));
  return `${all.join('\r\n')}\r\n`;
}

/** A whole CSV document: BOM, header line, one line per row, CRLF line ends. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: readonly Row[]): string {
  return `${UTF8_BOM}${lines(columns, rows, ',')}`;
}

/** Tab-separated text for the clipboard (a spreadsheet splits a paste on tabs): header line, one line per row. */
export function toTabSeparated<Row>(columns: CsvColumn<Row>[], rows: readonly Row[]): string {
  return lines(columns, rows, '\t');
}
