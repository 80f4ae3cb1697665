import type { ReactNode } from 'react';

/** How a cell's value is shown (and exported): numbers, money and dates go through Intl in the user's locale. */
export type CellKind = 'text' | 'count' | 'money' | 'day' | 'datetime' | 'bytes' | 'gb';

export interface TableColumn<R> {
  /** The column's id; for a server-sorted table, the call's sort key. */
  field: string;
  header: string;
  kind?: CellKind;
  /** The raw value (default: row[field]); money in micro-USD, days as YYYY-MM-DD. */
  value?: (row: R) => string | number | null | undefined;
  /** A custom cell; the export still uses `value`. */
  render?: (row: R) => ReactNode;
  sortable?: boolean;
  minWidth?: number;
  flex?: number;
  /** false: the column chooser cannot hide it. */
  hideable?: boolean;
}

export interface ServerPaging {
  page: number;
  perPage: number;
  total: number;
  onChange(page: number, perPage: number): void;
}

export interface ServerSort {
  key: string;
  dir: 'asc' | 'desc';
  onChange(key: string, dir: 'asc' | 'desc'): void;
}

export interface TableExport<R> {
  /** The file's name without extension. */
  fileName: string;
  /** Every row of the current filter (all pages); without it, the rows the table holds. */
  fetchAll?: (onProgress: (done: number, total: number) => void) => Promise<R[]>;
}

/** Rows picked with checkboxes (the ids of the rows on this page that are picked). */
export interface RowSelection<R> {
  selected: ReadonlyArray<string | number>;
  onChange(ids: Array<string | number>): void;
  /** Rows that cannot be picked show a disabled checkbox. */
  isSelectable?: (row: R) => boolean;
}

export interface DataTableProps<R> {
  columns: ReadonlyArray<TableColumn<R>>;
  rows: readonly R[];
  getRowId: (row: R) => string | number;
  /** An accessible name for the grid. */
  label: string;
  loading?: boolean;
  paging?: ServerPaging;
  sort?: ServerSort;
  export?: TableExport<R>;
  onRowClick?: (row: R) => void;
  /** What the empty table says. */
  emptyTitle: string;
  emptyMessage?: string;
  /** Controls shown in the table's toolbar beside the column chooser and the export. */
  toolbar?: ReactNode;
  /** A client-side table's initial sort. */
  initialSort?: { key: string; dir: 'asc' | 'desc' };
  pageSizeOptions?: number[];
  /** 'auto': each row as tall as its cells' content (cells of two lines: a name above an e-mail). */
  rowHeight?: 'auto';
  /** Checkboxes to pick rows with (a batch of payouts to export). */
  selection?: RowSelection<R>;
}
