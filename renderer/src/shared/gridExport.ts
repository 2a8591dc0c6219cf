/**
 * The one export of every grid of the desk: the grid as the trader sees it (the columns shown,
 * in their order, under their group's name where they have one; every row after the grid's
 * filter and sort, not only those drawn) becomes a table, written as a CSV file or copied as
 * tab-separated text for a spreadsheet, both escaped against formula injection (csv.ts).
 */
import type { Column, GridApi, IRowNode } from 'ag-grid-community';
import { toCsv, toTabSeparated, type CsvColumn, type CsvValue } from './csv';
import { downloadTextFile } from './downloadFile';

/** A grid's content as a table: headers and one line of values per row. */
export interface ExportTable {
  headers: string[];
  rows: CsvValue[][];
}

export interface GridExportOptions {
  /** Column ids left out (cells of links or buttons, which carry nothing to a spreadsheet). */
  skipColumns?: readonly string[];
}

/**
 * One cell: numbers and booleans as values (a spreadsheet computes with them), absent values
 * empty, anything else as the grid formats it.
 */
function cellOf<Row>(api: GridApi<Row>, rowNode: IRowNode<Row>, column: Column): CsvValue {
  const raw: unknown = api.getCellValue({ rowNode, colKey: column });
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (raw === null || raw === undefined || raw === '') return '';
  const shown: unknown = api.getCellValue({ rowNode, colKey: column, useFormatter: true });
  return typeof shown === 'string' ? shown : String(shown ?? raw);
}

/** The grid's columns and rows as shown (see the file's comment). */
export function tableOfGrid<Row>(api: GridApi<Row>, options: GridExportOptions = {}): ExportTable {
  const columns = api
    .getAllDisplayedColumns()
    .filter((column) => !(options.skipColumns ?? []).includes(column.getColId()));
  const headers = columns.map((column) => {
    const name = api.getDisplayNameForColumn(column, 'csv');
    const group = column.getParent();
    const groupName = group && !group.isPadding() ? api.getDisplayNameForColumnGroup(group, 'csv') : '';
    return groupName ? `${groupName} ${name}` : name;
  });
  const rows: CsvValue[][] = [];
  api.forEachNodeAfterFilterAndSort((node) => {
    if (node.data !== undefined) rows.push(columns.map((column) => cellOf(api, node, column)));
  });
  return { headers, rows };
}

function columnsOf(table: ExportTable): CsvColumn<CsvValue[]>[] {
  return table.headers.map((header, index) => ({ header, value: (row) => row[index] }));
}

/** The table as a CSV document (BOM, CRLF). */
export function csvOfTable(table: ExportTable): string {
  return toCsv(columnsOf(table), table.rows);
}

/** The table as tab-separated text for the clipboard. */
export function tabSeparatedOfTable(table: ExportTable): string {
  return toTabSeparated(columnsOf(table), table.rows);
}

/** A file name from words and today's date: `option-chain-spx-2026-11-30.csv`. */
export function exportFileName(words: string, today: string): string {
  const slug = words
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'export'}-${today}.csv`;
}

/** Offers the table as a CSV file download. */
export function downloadTable(table: ExportTable, fileName: string): void {
  downloadTextFile(fileName, csvOfTable(table));
}

/** Copies the table as tab-separated text; rejects in words when the browser refuses. */
export async function copyTable(table: ExportTable): Promise<void> {
  if (!navigator.clipboard) throw new Error('This window gives the page no clipboard.');
  await navigator.clipboard.writeText(tabSeparatedOfTable(table));
}
