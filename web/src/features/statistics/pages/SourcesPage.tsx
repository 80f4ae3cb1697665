import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { DomainRow, UrlRow } from '@pc/core/contracts/statistics';
import { SOURCE_SORT_KEYS, type SOURCE_URL_SORT_KEYS } from '@pc/core/contracts/keys';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { DateRangeFilter, FilterBar } from '../../../components/filters/DateRangeFilter.tsx';
import { useRangeFilter, type RangeQuery } from '../../../components/filters/range.ts';
import { useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { formatNumber } from '../../../lib/format.ts';
import { getSourcesBase, useSourcesBase } from '../api/get-sources-base.ts';
import { getSourcesDetails, useSourcesDetails } from '../api/get-sources-details.ts';
import { useProject } from '../components/use-project.ts';
import { SearchField } from '../components/SearchField.tsx';
import { TagFilter } from '../components/TagFilter.tsx';
import { tagFileSuffix, useTagFilter } from '../components/tag-filter.ts';
import type { ProjectId } from '@pc/core/projects';

type UrlSortKey = (typeof SOURCE_URL_SORT_KEYS)[number];

type Figures = Pick<DomainRow, 'hits' | 'downloads' | 'unique_downloads' | 'purchases'>;

function figureColumns<R extends Figures>(t: (key: string) => string): TableColumn<R>[] {
  return [
    { field: 'hits', header: t('sources.hits'), kind: 'count', sortable: true },
    { field: 'downloads', header: t('sources.downloads'), kind: 'count', sortable: true },
    { field: 'unique_downloads', header: t('sources.uniqueDownloads'), kind: 'count', sortable: true },
    { field: 'purchases', header: t('sources.purchases'), kind: 'count', sortable: true },
  ];
}

/**
 * Statistics by sources: the domains that sent downloads, with a search, a period, a sub-ID tag (decision 0206) and
 * each domain's URLs (of the same tag).
 */
export default function SourcesPage() {
  const { t } = useTranslation('stats');
  const app = useProject();
  const range = useRangeFilter('30d');
  const [params, update] = useUrlParams();
  const search = params.get('q') ?? '';
  const tag = useTagFilter();
  const table = useTableParams(SOURCE_SORT_KEYS, { key: 'hits', dir: 'desc' });
  const query = { app, ...range.query, ...table.query, search: search || undefined, sub_id: tag.subId };
  const answer = useSourcesBase(query);
  const [domain, setDomain] = useState<string | null>(null);
  // Visits with no referring page are counted under an empty domain: named, and with no pages to list.
  const columns: TableColumn<DomainRow>[] = [
    {
      field: 'domain',
      header: t('sources.domain'),
      sortable: true,
      minWidth: 180,
      flex: 2,
      value: (row) => row.domain || t('sources.direct'),
    },
    ...figureColumns<DomainRow>(t),
  ];
  const totals = answer.data?.totals;
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <FilterBar>
        <DateRangeFilter state={range} />
        <SearchField
          label={t('sources.search')}
          value={search}
          onChange={(q) => update({ q })}
          testId="domain-search"
        />
        <TagFilter app={app} range={range.query} value={tag.subId} onChange={tag.setSubId} />
      </FilterBar>
      <StatGrid>
        <StatCard
          label={t('sources.hits')}
          value={totals ? formatNumber(totals.hits) : ''}
          loading={!totals}
          testId="total-hits"
        />
        <StatCard
          label={t('sources.downloads')}
          value={totals ? formatNumber(totals.downloads) : ''}
          loading={!totals}
          testId="total-downloads"
        />
        <StatCard
          label={t('sources.uniqueDownloads')}
          value={totals ? formatNumber(totals.unique_downloads) : ''}
          loading={!totals}
        />
        <StatCard
          label={t('sources.purchases')}
          value={totals ? formatNumber(totals.purchases) : ''}
          loading={!totals}
        />
      </StatGrid>
      <QueryError query={answer} />
      <DataTable
        label={t('sources.tableLabel')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.domain || '(direct)'}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        onRowClick={(row) => (row.domain ? setDomain(row.domain) : undefined)}
        emptyTitle={t('sources.empty')}
        emptyMessage={t('sources.emptyHint')}
        export={{
          fileName: `sources-${app}${tagFileSuffix(tag.subId)}`,
          fetchAll: (progress) =>
            fetchAllPages((page, perPage) => getSourcesBase({ ...query, page, per_page: perPage }), progress),
        }}
      />
      <DomainUrlsDialog app={app} domain={domain} range={range.query} subId={tag.subId} onClose={() => setDomain(null)} />
    </PageLayout>
  );
}

/** The per-URL detail of one domain, with its own paging and sorting, under the screen's tag filter. */
function DomainUrlsDialog({
  app,
  domain,
  range,
  subId,
  onClose,
}: {
  app: ProjectId;
  domain: string | null;
  range: RangeQuery;
  /** The screen's `sub_id`: undefined for every tag, '' for no tag. */
  subId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('stats');
  const [page, setPage] = useState({ page: 1, perPage: 25 });
  const [sort, setSort] = useState<{ key: UrlSortKey; dir: 'asc' | 'desc' }>({ key: 'hits', dir: 'desc' });
  const query = {
    app,
    ...range,
    domain: domain ?? '',
    sub_id: subId,
    page: page.page,
    per_page: page.perPage,
    sort_key: sort.key,
    sort_dir: sort.dir,
  };
  const answer = useSourcesDetails(query, domain !== null);
  const columns: TableColumn<UrlRow>[] = [
    {
      field: 'url',
      header: t('sources.url'),
      sortable: true,
      minWidth: 240,
      flex: 3,
      render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.url}</span>,
    },
    ...figureColumns<UrlRow>(t),
  ];
  return (
    <Dialog
      open={domain !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="domain-urls-title"
    >
      <DialogTitle id="domain-urls-title">{t('sources.urlsOf', { domain })}</DialogTitle>
      <DialogContent dividers>
        <QueryError query={answer} />
        <DataTable
          label={t('sources.urlsOf', { domain })}
          columns={columns}
          rows={answer.data?.data ?? []}
          getRowId={(row) => row.url}
          loading={answer.isFetching}
          paging={{
            page: page.page,
            perPage: page.perPage,
            total: answer.data?.meta.total ?? 0,
            onChange: (p, perPage) => setPage({ page: p, perPage }),
          }}
          sort={{
            key: sort.key,
            dir: sort.dir,
            onChange: (key, dir) => setSort({ key: key as UrlSortKey, dir }),
          }}
          emptyTitle={t('sources.noUrls')}
          export={{
            fileName: `sources-${app}-${domain}${tagFileSuffix(subId)}`,
            fetchAll: (progress) =>
              fetchAllPages(
                (p, perPage) => getSourcesDetails({ ...query, page: p, per_page: perPage }),
                progress,
              ),
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
