import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductConfig } from '@pc/core/product';
import { settingsDiff } from '@pc/core/rules/settings-preview';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../components/data-table/fetch-all.ts';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { getSettingsHistory, useSettingsHistory, type SettingsVersion } from '../api/get-settings-history.ts';
import { DiffRows } from './DiffRows.tsx';
import { diffLine } from './diff-text.ts';
import { sectionOf } from './settings-form.ts';

/**
 * Every version of the settings: from when, who wrote it, which sections and figures it changed. Figures are the
 * version's before and after of the keys it changed over the current settings, so a key a version did not touch
 * never shows.
 */
export function SettingsHistory({ current }: { current: ProductConfig }) {
  const { t } = useTranslation('console');
  const [paging, setPaging] = useState({ page: 1, perPage: 25 });
  const history = useSettingsHistory({ page: paging.page, per_page: paging.perPage });
  const diffOf = useMemo(
    () => (v: SettingsVersion) => settingsDiff({ ...current, ...v.before } as ProductConfig, { ...current, ...v.after } as ProductConfig),
    [current],
  );
  const who = (v: SettingsVersion) => (v.changed_by.kind === 'staff' ? v.changed_by.name : t(`settings.history.by.${v.changed_by.kind}`, { name: v.changed_by.name }));
  const sections = (v: SettingsVersion) => [...new Set(v.changed.map((k) => sectionOf(k)).map((s) => (s ? t(`settings.sections.${s}.title`) : null)))].filter(Boolean).join(', ');

  const columns: TableColumn<SettingsVersion>[] = [
    { field: 'effective_from', header: t('settings.history.from'), kind: 'datetime', minWidth: 170 },
    { field: 'changed_by', header: t('settings.history.who'), minWidth: 150, value: who },
    { field: 'changed', header: t('settings.history.sections'), minWidth: 150, value: sections },
    {
      field: 'what',
      header: t('settings.history.what'),
      minWidth: 320,
      flex: 1,
      value: (v) => {
        const rows = diffOf(v);
        return rows.length ? rows.map((r) => diffLine(t, r)).join('; ') : v.changed.join(', ');
      },
      render: (v) => {
        const rows = diffOf(v);
        return (
          <Box sx={{ py: 1 }}>
            {rows.length ? <DiffRows rows={rows.slice(0, 6)} dense /> : <Typography variant="body2">{v.changed.join(', ')}</Typography>}
            {rows.length > 6 ? (
              <Typography variant="caption" color="text.secondary">
                {t('settings.history.more', { count: rows.length - 6 })}
              </Typography>
            ) : null}
          </Box>
        );
      },
    },
    { field: 'created_at', header: t('settings.history.saved'), kind: 'datetime', minWidth: 170 },
  ];

  if (history.isError && !history.data) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 } }}>
      <DataTable
        label={t('settings.history.title')}
        columns={columns}
        rows={history.data?.data ?? []}
        getRowId={(v) => v.id}
        loading={history.isFetching}
        paging={{ page: paging.page, perPage: paging.perPage, total: history.data?.meta.total ?? 0, onChange: (page, perPage) => setPaging({ page, perPage }) }}
        export={{ fileName: 'settings-history', fetchAll: (onProgress) => fetchAllPages((page, perPage) => getSettingsHistory({ page, per_page: perPage }), onProgress) }}
        emptyTitle={t('settings.history.empty')}
        emptyMessage={t('settings.history.emptyHint')}
        rowHeight="auto"
      />
    </Paper>
  );
}
