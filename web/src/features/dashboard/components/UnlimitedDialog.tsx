import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import type { UnlimitedHistoryAnswer, UnusedFilesAnswer } from '@pc/core/contracts/dashboard';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { ErrorState } from '../../../components/layout/QueryState.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { PROJECTS, projectName } from '../../../lib/links.ts';
import { isProgramActive, useCurrentUser } from '../../../lib/session.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useUnlimitedHistory } from '../api/get-unlimited-history.ts';
import { useUnusedFiles } from '../api/get-unused-files.ts';
import { useActivateUnlimitedStatus } from '../api/activate-unlimited-status.ts';

type HistoryRow = UnlimitedHistoryAnswer['data'][number];
type UnusedRow = UnusedFilesAnswer['data'][number];
const TABS = ['history', 'unused', 'request'] as const;

/** The unlimited status: its activation history, the unused files by period, and the request (automatic or trial). */
export function UnlimitedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [tab, setTab] = useState<(typeof TABS)[number]>('history');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="unlimited-title">
      <DialogTitle id="unlimited-title">{t('unlimited.title')}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, next: (typeof TABS)[number]) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 2 }}
      >
        {TABS.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(`unlimited.tabs.${key}`)}
            data-testid={`unlimited-tab-${key}`}
          />
        ))}
      </Tabs>
      <DialogContent dividers sx={{ minHeight: 300 }}>
        {open && tab === 'history' ? <History /> : null}
        {open && tab === 'unused' ? <Unused /> : null}
        {open && tab === 'request' ? <RequestForm /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function History() {
  const { t } = useTranslation('dashboard');
  const history = useUnlimitedHistory();
  const columns: TableColumn<HistoryRow>[] = [
    { field: 'app', header: t('unlimited.project'), value: (row) => projectName(row.app), minWidth: 90 },
    {
      field: 'kind',
      header: t('unlimited.kind'),
      value: (row) => t(`unlimited.kinds.${row.kind}`),
      minWidth: 120,
    },
    { field: 'start', header: t('unlimited.start'), kind: 'day', minWidth: 120 },
    { field: 'end', header: t('unlimited.end'), kind: 'day', minWidth: 120 },
    { field: 'period_days', header: t('unlimited.periodDays'), kind: 'count' },
  ];
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <DataTable
      label={t('unlimited.tabs.history')}
      columns={columns}
      rows={history.data?.data ?? []}
      getRowId={(row) => `${row.app}-${row.kind}-${row.start}`}
      loading={history.isPending}
      emptyTitle={t('unlimited.noHistory')}
      emptyMessage={t('unlimited.noHistoryHint')}
      export={{ fileName: 'unlimited-history' }}
    />
  );
}

function Unused() {
  const { t } = useTranslation('dashboard');
  const unused = useUnusedFiles();
  const columns: TableColumn<UnusedRow>[] = [
    { field: 'app', header: t('unlimited.project'), value: (row) => projectName(row.app), minWidth: 90 },
    {
      field: 'days',
      header: t('unlimited.withoutDownloads'),
      value: (row) => t('unlimited.days', { count: row.days }),
      minWidth: 150,
    },
    { field: 'count', header: t('unlimited.files'), kind: 'count' },
    { field: 'size_gb', header: t('unlimited.sizeGb'), kind: 'gb' },
    { field: 'storage_cost', header: t('unlimited.monthlyCost'), kind: 'money' },
  ];
  if (unused.isError) return <ErrorState error={unused.error} onRetry={() => void unused.refetch()} />;
  return (
    <DataTable
      label={t('unlimited.tabs.unused')}
      columns={columns}
      rows={unused.data?.data ?? []}
      getRowId={(row) => `${row.app}-${row.days}`}
      loading={unused.isPending}
      emptyTitle={t('unlimited.noUnused')}
      export={{ fileName: 'unused-files' }}
    />
  );
}

function RequestForm() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const settings = useProductSettings().data;
  const active = PROJECTS.filter((p) => isProgramActive(user, p.id));
  const [app, setApp] = useState<ProjectId | ''>(active[0]?.id ?? '');
  const options = settings?.storage.trial_month_options ?? [];
  const [months, setMonths] = useState<number | ''>('');
  const chosenMonths = months === '' ? (options[0] ?? 1) : months;
  const mutation = useActivateUnlimitedStatus();
  const result = mutation.data?.data;
  const refusal =
    mutation.error && isApiError(mutation.error)
      ? mutation.error.serverMessage
      : mutation.error
        ? t('unlimited.failed')
        : '';
  if (active.length === 0) return <Alert severity="info">{t('unlimited.noPrograms')}</Alert>;
  return (
    <Box
      component="form"
      sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (app) mutation.mutate({ app, months: chosenMonths });
      }}
    >
      {settings ? (
        <Typography variant="body2">
          {t('unlimited.rules', {
            revenue: formatMoney(settings.storage.unlimited_min_revenue),
            days: settings.storage.unlimited_window_days,
            months: settings.storage.trial_max_months_per_year,
          })}
        </Typography>
      ) : null}
      <TextField
        select
        size="small"
        label={t('unlimited.project')}
        value={app}
        onChange={(event) => setApp(event.target.value as ProjectId)}
      >
        {active.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('unlimited.trialLength')}
        value={chosenMonths}
        onChange={(event) => setMonths(Number(event.target.value))}
        helperText={t('unlimited.trialHelp')}
      >
        {options.map((m) => (
          <MenuItem key={m} value={m}>
            {t('unlimited.months', { count: m })}
          </MenuItem>
        ))}
      </TextField>
      {result ? (
        <Alert severity="success" data-testid="unlimited-result">
          {t(`unlimited.granted.${result.kind}`, { start: formatDay(result.start), end: formatDay(result.end) })}
        </Alert>
      ) : null}
      {refusal ? <Alert severity="warning">{refusal}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" loading={mutation.isPending} disabled={!app}>
          {t('unlimited.submit')}
        </Button>
      </Box>
    </Box>
  );
}
