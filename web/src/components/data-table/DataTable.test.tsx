import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { DataTable, type TableColumn } from './DataTable.tsx';
import { fetchAllPages } from './fetch-all.ts';
import { captureDownloads } from '../../test/downloads.ts';

interface Row {
  domain: string;
  hits: number;
  earned: number;
}
const columns: TableColumn<Row>[] = [
  { field: 'domain', header: 'Domain', sortable: true },
  { field: 'hits', header: 'Hits', kind: 'count', sortable: true },
  { field: 'earned', header: 'Earned', kind: 'money', sortable: true },
];
const all: Row[] = Array.from({ length: 57 }, (_, i) => ({
  domain: `site-${i + 1}.example`,
  hits: 1000 + i,
  earned: (i + 1) * 1_250_000,
}));

/** A server that pages and sorts, as the list calls do. */
async function serve(
  page: number,
  perPage: number,
  sort = { key: 'hits' as keyof Row, dir: 'desc' as 'asc' | 'desc' },
) {
  const sorted = [...all].sort(
    (a, b) => (a[sort.key] < b[sort.key] ? -1 : 1) * (sort.dir === 'asc' ? 1 : -1),
  );
  return {
    data: sorted.slice((page - 1) * perPage, page * perPage),
    meta: { page, per_page: perPage, total: all.length },
  };
}

function ServerTable({
  onExportPage,
  exportGate,
}: {
  onExportPage?: (page: number) => void;
  exportGate?: Promise<void>;
}) {
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const [sort, setSort] = useState<{ key: keyof Row; dir: 'asc' | 'desc' }>({ key: 'hits', dir: 'desc' });
  const [rows, setRows] = useState<Row[]>([]);
  const [key, setKey] = useState('');
  const wanted = JSON.stringify([paging, sort]);
  if (key !== wanted) {
    setKey(wanted);
    void serve(paging.page, paging.perPage, sort).then((answer) => setRows(answer.data));
  }
  return (
    <DataTable
      label="Sources"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.domain}
      paging={{
        page: paging.page,
        perPage: paging.perPage,
        total: all.length,
        onChange: (page, perPage) => setPaging({ page, perPage }),
      }}
      sort={{ key: sort.key, dir: sort.dir, onChange: (k, dir) => setSort({ key: k as keyof Row, dir }) }}
      emptyTitle="Nothing here"
      export={{
        fileName: 'sources',
        fetchAll: (progress) =>
          fetchAllPages(async (page, perPage) => {
            onExportPage?.(page);
            await exportGate;
            return serve(page, perPage, sort);
          }, progress),
      }}
    />
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('pages and sorts on the server, and shows numbers and money in the locale', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServerTable />);
    expect(await screen.findByText('site-57.example')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('$71.25')).toBeInTheDocument();
    expect(screen.getByText('1,056')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('site-47.example')).toBeInTheDocument();
    expect(screen.queryByText('site-57.example')).not.toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: /Domain/ }));
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getByText(/^site-/).textContent).toBe('site-9.example'),
    );
  });

  it('exports every row of the filter, not only the visible page, with a progress indicator', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const pages: number[] = [];
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    renderWithProviders(<ServerTable onExportPage={(page) => pages.push(page)} exportGate={gate} />);
    await screen.findByText('site-57.example');
    await user.click(screen.getByTestId('export-csv'));
    expect(await screen.findByTestId('export-progress')).toHaveTextContent('0 of 57 rows');
    expect(screen.getByTestId('export-csv')).toBeDisabled();
    open();
    await waitFor(() => expect(files).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument());
    expect(files[0]!.name).toBe('sources.csv');
    const lines = (await files[0]!.text)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Domain,Hits,Earned');
    expect(lines).toHaveLength(58);
    expect(lines[1]).toBe('site-57.example,1056,71.25');
    expect(pages).toEqual([1]);
  });

  it('exports only the columns the partner left visible', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    renderWithProviders(<ServerTable />);
    await screen.findByText('site-57.example');
    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Hits' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Hits/ })).not.toBeInTheDocument());
    await user.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    expect((await files[0]!.text).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Domain,Earned');
  });

  it('says what an empty table would hold', async () => {
    renderWithProviders(
      <DataTable
        label="Sales"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.domain}
        emptyTitle="No sales in this period"
        emptyMessage="Sales appear here."
      />,
    );
    expect(await screen.findByText('No sales in this period')).toBeInTheDocument();
    expect(screen.getByText('Sales appear here.')).toBeInTheDocument();
  });
});
