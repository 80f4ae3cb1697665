import { microToDisplayNumber } from '@pc/core/money';
import type { CellKind, TableColumn } from './types.ts';
import { downloadText } from '../../lib/download.ts';

/**
 * CSV of exactly the columns and rows given (RFC 4180: comma-separated, CRLF, quoted where needed), with a
 * byte-order mark so spreadsheet programs read UTF-8. Values are plain: money in USD with two decimals, days
 * as YYYY-MM-DD, counts as integers, so that a spreadsheet computes with them in any locale. A text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function toCsv<R>(columns: ReadonlyArray<TableColumn<R>>, rows: readonly R[]): string {
  const lines = [columns.map((c) => quote(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(csvValue(c, row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function rawValue<R>(column: TableColumn<R>, row: R): string | number | null | undefined {
  return column.value
    ? column.value(row)
    : ((row as Record<string, unknown>)[column.field] as string | number | null | undefined);
}

export function csvValue<R>(column: TableColumn<R>, row: R): string {
  return plain(column.kind ?? 'text', rawValue(column, row));
}

function plain(kind: CellKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money' && typeof value === 'number') return microToDisplayNumber(value, 2).toFixed(2);
  if (kind === 'day' && typeof value === 'string') return value.slice(0, 10);
  return String(value);
}

function quote(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string) {
  downloadText(`${fileName}.csv`, csv, 'text/csv;charset=utf-8');
}
