/**
 * CSV the way spreadsheets read it safely: UTF-8 with a byte order mark (so Excel detects the
 * encoding), RFC 4180 quoting, CRLF line ends, and text cells that a spreadsheet would run as a
 * formula (beginning with = + - @, or tab and carriage return, per OWASP) prefixed with a quote.
 */

/** A cell value; numbers and booleans are written as they are, absent values as empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/** One column: its header and how to read its cell from a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell, escaped: text beginning like a formula gets a leading `'` so it stays text, then
 * quotes are added when the cell holds a comma, a quote or a line break. Real numbers are not
 * prefixed (a number cannot carry a formula, and -5 must stay a number).
 */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The byte order mark that tells spreadsheets the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** A whole CSV document: BOM, header line, one line per row, CRLF line ends. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => escapeCsvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => escapeCsvCell(column.value(row))).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
