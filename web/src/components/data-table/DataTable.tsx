import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../layout/QueryState.tsx';
import type { DataTableProps } from './types.ts';

// The grid (about 160 KB gzip) arrives only with the first table a route shows.
const DataGridView = lazy(() => import('./DataGridView.tsx'));

/**
 * The table of every screen, on MUI X DataGrid: server paging and sorting where the call pages, the grid's
 * own texts in the interface language, a column chooser, empty and loading states, numbers right-aligned in
 * the user's locale, and CSV export of exactly the visible columns and every row of the current filter.
 */
export function DataTable<R>(props: DataTableProps<R>) {
  return (
    <Suspense fallback={<LoadingBlock height={320} />}>
      <DataGridView {...(props as DataTableProps<unknown>)} />
    </Suspense>
  );
}

export type { DataTableProps, TableColumn } from './types.ts';
