import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProjectId } from '@pc/core/projects';
import type { TagDayRow, TagRow } from '@pc/core/contracts/tags';
import { NO_TAG_PARAM, TAG_SORT_KEYS } from '@pc/core/contracts/tags-paths';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { Panel, QueryError } from '../../../components/layout/QueryState.tsx';
import { DateRangeFilter, FilterBar } from '../../../components/filters/DateRangeFilter.tsx';
import { useRangeFilter } from '../../../components/filters/range.ts';
import { useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { getTags, useTags } from '../api/get-tags.ts';
import { useTagDays } from '../api/get-tag-days.ts';

/** A tag is matched by `?sub=` text exactly; the tags screen's URL names "no tag" apart (a tag is never empty). */
const TAG_RE = /^[A-Za-z0-9_.-]{1,64}$/;
function tagFromUrl(value: string | null): string | null {
  if (value === NO_TAG_PARAM) return '';
  return value && TAG_RE.test(value) ? value : null;
}

/**
 * Statistics by sub-ID tag (decision 0206): the tags of the period with hits, downloads, counted downloads, sales,
 * rebills and earnings; a tag opens its days below. "No tag" is the traffic of links without one.
 */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  const app = useParams().app as ProjectId;
  const range = useRangeFilter('30d');
  const [params, update] = useUrlParams();
  const table = useTableParams(TAG_SORT_KEYS, { key: 'earned_micro', dir: 'desc' });
  const query = { app, ...range.query, ...table.query };
  const answer = useTags(query);
  const open = tagFromUrl(params.get('tag'));
  const days = useTagDays({ app, ...range.query, sub_id: open ?? '', per_page: 200 }, open !== null);

  const tagName = (tag: string) =>
    tag ? (
      <span dir="ltr">{tag}</span>
    ) : (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('noTag')}
      </Typography>
    );
  const figures = <R extends TagRow | TagDayRow>(): TableColumn<R>[] => [
    { field: 'hits', header: t('table.hits'), kind: 'count', sortable: true, minWidth: 90 },
    { field: 'downloads', header: t('table.downloads'), kind: 'count', sortable: true, minWidth: 110 },
    { field: 'counted_downloads', header: t('table.countedDownloads'), kind: 'count', sortable: true, minWidth: 130 },
    { field: 'sales', header: t('table.sales'), kind: 'count', sortable: true, minWidth: 90 },
    { field: 'rebills', header: t('table.rebills'), kind: 'count', sortable: true, minWidth: 90 },
    { field: 'earned_micro', header: t('table.earned'), kind: 'money', sortable: true, minWidth: 120 },
  ];
  const columns: TableColumn<TagRow>[] = [
    {
      field: 'sub_id',
      header: t('table.tag'),
      sortable: true,
      hideable: false,
      minWidth: 150,
      flex: 1,
      value: (row) => row.sub_id || t('noTag'),
      render: (row) => tagName(row.sub_id),
    },
    ...figures<TagRow>(),
  ];
  const dayColumns: TableColumn<TagDayRow>[] = [
    { field: 'date', header: t('table.date'), kind: 'day', hideable: false, minWidth: 120 },
    ...figures<TagDayRow>().map((c) => ({ ...c, sortable: false })),
  ];

  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <FilterBar>
        <DateRangeFilter state={range} />
      </FilterBar>
      <QueryError query={answer} />
      <DataTable
        label={t('table.label')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.sub_id || NO_TAG_PARAM}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        onRowClick={(row) => update({ tag: row.sub_id || NO_TAG_PARAM })}
        emptyTitle={t('empty')}
        emptyMessage={t('emptyHint')}
        export={{
          fileName: `tags-${app}`,
          fetchAll: (progress) => fetchAllPages((page, perPage) => getTags({ ...query, page, per_page: perPage }), progress),
        }}
      />
      {open !== null ? (
        <Panel
          id="tag-days"
          title={open ? t('days.title', { tag: open }) : t('days.titleNoTag')}
          action={
            <Button size="small" onClick={() => update({ tag: null })} data-testid="close-tag">
              {t('days.close')}
            </Button>
          }
        >
          <QueryError query={days} />
          <DataTable
            label={t('days.label')}
            columns={dayColumns}
            rows={days.data?.data ?? []}
            getRowId={(row) => row.date}
            loading={days.isFetching}
            emptyTitle={t('days.empty')}
            export={{ fileName: `tag-${open || 'none'}-${app}` }}
          />
        </Panel>
      ) : null}
    </PageLayout>
  );
}
