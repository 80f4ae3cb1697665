import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useBanSite } from '../api/ban-site.ts';
import { useSites, type SiteRow } from '../api/get-sites.ts';
import { useUnbanSite } from '../api/unban-site.ts';

const STATUS_COLOR: Record<string, 'success' | 'error' | 'default'> = { active: 'success', banned: 'error' };

/** The partner's sites and their status; a site banned or unbanned with a reason (sites.ban). */
export function SitesTab({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const me = useMe();
  const sites = useSites(id);
  const ban = useBanSite();
  const unban = useUnbanSite();
  const [acting, setActing] = useState<{ site: SiteRow; unban: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mayBan = mayDo(me, 'sites.ban');
  const statusLabel = (status: string) => t(`partners.sites.statuses.${status}`, { defaultValue: status });

  const columns: TableColumn<SiteRow>[] = [
    { field: 'domain', header: t('partners.sites.columns.domain'), minWidth: 180, flex: 1.5 },
    { field: 'project', header: t('partners.sites.columns.project'), minWidth: 90, flex: 0.5, value: (r) => r.project.toUpperCase() },
    {
      field: 'status',
      header: t('partners.sites.columns.status'),
      minWidth: 130,
      value: (r) => statusLabel(r.status),
      render: (r) => <Chip size="small" variant="outlined" color={STATUS_COLOR[r.status] ?? 'default'} label={statusLabel(r.status)} data-testid={`site-status-${r.id}`} />,
    },
    { field: 'created_at', header: t('partners.sites.columns.created'), kind: 'datetime', minWidth: 160 },
    { field: 'verified_at', header: t('partners.sites.columns.verified'), kind: 'datetime', minWidth: 160 },
    ...(mayBan
      ? [
          {
            field: 'actions',
            header: t('partners.sites.columns.actions'),
            minWidth: 120,
            flex: 0.6,
            hideable: false,
            value: () => '',
            render: (r: SiteRow) =>
              r.status === 'deleted' ? null : r.status === 'banned' ? (
                <Button size="small" onClick={() => { setError(null); setActing({ site: r, unban: true }); }} data-testid={`site-unban-${r.id}`}>
                  {t('partners.sites.unban')}
                </Button>
              ) : (
                <Button size="small" color="error" onClick={() => { setError(null); setActing({ site: r, unban: false }); }} data-testid={`site-ban-${r.id}`}>
                  {t('partners.sites.ban')}
                </Button>
              ),
          } satisfies TableColumn<SiteRow>,
        ]
      : []),
  ];

  if (sites.isError && !sites.data) return <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />;
  const pending = ban.isPending || unban.isPending;
  return (
    <Box data-testid="partner-sites">
      {!mayBan ? null : (
        <Alert severity="info" variant="outlined" sx={{ mb: 1.5, py: 0 }}>
          {t('partners.sites.hint')}
        </Alert>
      )}
      <DataTable label={t('partners.sites.tableLabel')} columns={columns} rows={sites.data?.data ?? []} getRowId={(r) => r.id} loading={sites.isFetching} emptyTitle={t('partners.sites.empty')} />
      <ReasonDialog
        open={acting !== null}
        danger={!acting?.unban}
        title={acting?.unban ? t('partners.sites.unbanTitle', { domain: acting.site.domain }) : t('partners.sites.banTitle', { domain: acting?.site.domain ?? '' })}
        message={acting?.unban ? t('partners.sites.unbanMessage') : t('partners.sites.banMessage')}
        confirmLabel={acting?.unban ? t('partners.sites.unban') : t('partners.sites.ban')}
        busy={pending}
        error={error}
        onCancel={() => setActing(null)}
        onConfirm={(reason) => {
          if (!acting) return;
          const done = {
            onSuccess: () => {
              feedback.snackbar(acting.unban ? t('partners.sites.unbanned', { domain: acting.site.domain }) : t('partners.sites.banned', { domain: acting.site.domain }));
              setActing(null);
            },
            onError: (e: unknown) => setError(refusalMessage(e, t('partners.sites.failed'))),
          };
          if (acting.unban) unban.mutate({ id: acting.site.id, reason }, done);
          else ban.mutate({ id: acting.site.id, reason }, done);
        }}
      />
    </Box>
  );
}
