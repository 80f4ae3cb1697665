import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { CountryRow } from '@pc/core/contracts/statistics';
import type { ProjectId } from '@pc/core/projects';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useDetailedCountries } from '../api/get-detailed-countries.ts';
import { DownloadsBreakdown } from './DownloadsBreakdown.tsx';

/**
 * One day's detailed figures per country group (A–G, R Russia, U Ukraine); with `subId`, one sub-ID tag's (its
 * country groups are kept per tag: decision 0209), the tag being part of the call's query key.
 */
export function CountriesDialog({
  app,
  date,
  subId,
  onClose,
}: {
  app: ProjectId;
  date: string | null;
  /** The tag ('' for the events without one); every figure when not given. */
  subId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('stats');
  const answer = useDetailedCountries({ app, date: date ?? '', ...(subId === undefined ? {} : { sub_id: subId }) }, date !== null);
  // The call keeps the previous answer on screen while a new one loads: another day's or another tag's (an answer
  // does not name its tag), whose figures are not shown under this day's title.
  const rows = answer.isPlaceholderData ? [] : (answer.data?.data ?? []);
  const day = date ? formatDay(date, undefined, 'long') : '';
  const columns: TableColumn<CountryRow>[] = [
    {
      field: 'group',
      header: t('detailed.countryGroup'),
      value: (row) => t(`detailed.groups.${row.group}`),
      minWidth: 170,
      flex: 2,
    },
    {
      field: 'downloads',
      header: t('detailed.downloadsCounted'),
      kind: 'count',
      minWidth: 130,
      render: (row) => (
        <DownloadsBreakdown downloads={row.downloads} counted={row.counted_downloads} notCounted={row.not_counted} testId={`downloads-${row.group}`} />
      ),
    },
    { field: 'sum', header: t('detailed.sum'), kind: 'money' },
    { field: 'sales_count', header: t('detailed.salesCount'), kind: 'count' },
    { field: 'sales', header: t('detailed.sales'), kind: 'money' },
    { field: 'total', header: t('detailed.total'), kind: 'money' },
    { field: 'per_1000', header: t('detailed.per1000'), kind: 'money' },
  ];
  return (
    <Dialog open={date !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="countries-title">
      <DialogTitle id="countries-title">{t('detailed.countriesOf', { date: day })}</DialogTitle>
      <DialogContent dividers data-testid="countries-dialog">
        <QueryError query={answer} />
        <DataTable
          label={t('detailed.countriesOf', { date: day })}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.group}
          loading={answer.isFetching}
          emptyTitle={t('detailed.noCountries')}
          export={{ fileName: `countries-${app}-${date}${subId === undefined ? '' : `-tag-${subId || 'none'}`}` }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
