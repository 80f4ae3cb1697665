import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@pc/core/contracts/statistics';
import { FILE_SORT_KEYS } from '@pc/core/contracts/keys';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { FilterBar } from '../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../components/filters/FilterSelect.tsx';
import { useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { getFiles, useFiles } from '../api/get-files.ts';
import { getFilesCopies, useFilesCopies } from '../api/get-files-copies.ts';
import { useProject } from './use-project.ts';
import { SearchField } from './SearchField.tsx';
import { HintIcons, HintLegend } from './FileHints.tsx';
import { DownloadsBreakdown } from './DownloadsBreakdown.tsx';
import { TagFilter, type TagFilterRange } from './TagFilter.tsx';
import { tagFileSuffix, useTagFilter } from './tag-filter.ts';

const INBOX = '__inbox__';
const ALL = '__all__';
/**
 * The screen has no date range (its figures are today's and the files' totals): the tag filter offers the tags of
 * the last year, the longest named period of the tags call. A tag of the URL is offered anyway (TagFilter).
 */
const TAGS_RANGE: TagFilterRange = { period: 'year' };

/**
 * Statistics by files, or by file copies (copies of the partner's files others saved): the statistics columns, an
 * Inbox and folder filter, a search by name, a sub-ID tag filter and the tips toggle with the four hint icons.
 * Filtered by a tag, the list holds the files with figures under that tag and the figures are the tag's; the calls
 * answer no hints then (they describe the whole file), and a line says so where the tips show.
 */
export function FilesScreen({ copies }: { copies: boolean }) {
  const { t } = useTranslation('stats');
  const app = useProject();
  const [params, update] = useUrlParams();
  const search = params.get('q') ?? '';
  const folder = params.get('folder') ?? ALL;
  const tips = params.get('tips') === '1';
  const tag = useTagFilter();
  const table = useTableParams(FILE_SORT_KEYS, { key: 'created_at', dir: 'desc' });
  const query = {
    app,
    ...table.query,
    search: search || undefined,
    inbox: folder === INBOX ? ('true' as const) : undefined,
    folder: folder !== INBOX && folder !== ALL ? folder : undefined,
    sub_id: tag.subId,
  };
  const files = useFiles(query, !copies);
  const fileCopies = useFilesCopies(query, copies);
  const answer = copies ? fileCopies : files;
  const fetchPage = copies ? getFilesCopies : getFiles;
  const folders = answer.data?.folders ?? [];

  const columns: TableColumn<FileRow>[] = [
    {
      field: 'name',
      header: t('files.name'),
      sortable: true,
      minWidth: 220,
      flex: 3,
      hideable: false,
      render: (row) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 0, maxWidth: '100%' }}>
          {tips && row.hints.length ? <HintIcons hints={row.hints} /> : null}
          <span
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={row.name}
          >
            {row.name}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({row.folder ?? t('files.inbox')})
            </Typography>
          </span>
        </span>
      ),
    },
    { field: 'size', header: t('files.size'), kind: 'bytes', sortable: true },
    { field: 'created_at', header: t('files.createdAt'), kind: 'day', sortable: true, minWidth: 120 },
    {
      field: 'downloads_today',
      header: t('files.downloadsTodayCounted'),
      kind: 'count',
      sortable: true,
      minWidth: 150,
      render: (row) => (
        <DownloadsBreakdown downloads={row.downloads_today} counted={row.counted_today} notCounted={row.not_counted_today} testId={`downloads-today-${row.id}`} />
      ),
    },
    { field: 'downloads_total', header: t('files.downloadsTotal'), kind: 'count', sortable: true },
    { field: 'video_views_today', header: t('files.videoViewsToday'), kind: 'count', sortable: true },
    { field: 'video_views_total', header: t('files.videoViewsTotal'), kind: 'count', sortable: true },
    { field: 'earned_today', header: t('files.earnedToday'), kind: 'money', sortable: true },
    { field: 'earned_total', header: t('files.earnedTotal'), kind: 'money', sortable: true },
    { field: 'sales_today', header: t('files.salesToday'), kind: 'count', sortable: true },
    { field: 'sales_total', header: t('files.salesTotal'), kind: 'count', sortable: true },
  ];

  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <FilterBar>
        <FilterSelect
          label={t('files.folder')}
          value={folder === ALL || folder === INBOX || folders.includes(folder) ? folder : ALL}
          options={[ALL, INBOX, ...folders]}
          labelOf={(f) => (f === ALL ? t('files.allFolders') : f === INBOX ? t('files.inbox') : f)}
          onChange={(next) => update({ folder: next === ALL ? null : next })}
          testId="filter-folder"
          minWidth={200}
        />
        <SearchField
          label={t('files.search')}
          value={search}
          onChange={(q) => update({ q })}
          testId="file-search"
        />
        <TagFilter app={app} range={TAGS_RANGE} value={tag.subId} onChange={tag.setSubId} />
        <FormControlLabel
          control={
            <Switch
              checked={tips}
              onChange={(event) => update({ tips: event.target.checked ? '1' : null }, { resetPage: false })}
            />
          }
          label={t('files.tips')}
        />
      </FilterBar>
      {tips ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <HintLegend />
          {tag.subId !== undefined ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="hints-not-per-tag">
              {t('files.hintsNotPerTag')}
            </Typography>
          ) : null}
        </Paper>
      ) : null}
      <QueryError query={answer} />
      <DataTable
        label={copies ? t('files.copiesTableLabel') : t('files.tableLabel')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.id}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        emptyTitle={copies ? t('files.copiesEmpty') : t('files.empty')}
        emptyMessage={copies ? t('files.copiesEmptyHint') : t('files.emptyHint')}
        export={{
          fileName: `${copies ? 'file-copies' : 'files'}-${app}${tagFileSuffix(tag.subId)}`,
          fetchAll: (progress) =>
            fetchAllPages((page, perPage) => fetchPage({ ...query, page, per_page: perPage }), progress),
        }}
      />
    </PageLayout>
  );
}
