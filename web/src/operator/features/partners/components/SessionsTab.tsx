import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { viewerName } from '@pc/core/rules/staff-access';
import { useEndAllSessions } from '../api/end-all-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions, type SessionRow } from '../api/get-sessions.ts';

/** The partner's sessions (partners.sessions): where and since when they are signed in; one or all ended on demand. */
export function SessionsTab({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const sessions = useSessions(id);
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const [ending, setEnding] = useState<SessionRow | 'all' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = sessions.data?.data ?? [];

  const columns: TableColumn<SessionRow>[] = [
    { field: 'created_at', header: t('partners.sessions.columns.created'), kind: 'datetime', minWidth: 160 },
    { field: 'last_seen_at', header: t('partners.sessions.columns.lastSeen'), kind: 'datetime', minWidth: 160 },
    { field: 'expires_at', header: t('partners.sessions.columns.expires'), kind: 'datetime', minWidth: 160 },
    { field: 'ip', header: t('partners.sessions.columns.ip'), minWidth: 130 },
    {
      field: 'user_agent',
      header: t('partners.sessions.columns.device'),
      minWidth: 220,
      flex: 2,
      value: (r) => (r.operator_view ? `${t('partners.sessions.viewAs', { name: viewerName(r.operator_view) })} · ${r.user_agent}` : r.user_agent),
      render: (r) => (
        <Box sx={{ py: 0.75, minWidth: 0, lineHeight: 1.3 }}>
          {r.operator_view ? <Chip size="small" color="info" variant="outlined" label={t('partners.sessions.viewAs', { name: viewerName(r.operator_view) })} sx={{ mb: 0.5 }} /> : null}
          <Typography variant="body2" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
            {r.user_agent || '—'}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'end',
      header: t('partners.sessions.columns.actions'),
      minWidth: 120,
      flex: 0.6,
      hideable: false,
      value: () => '',
      render: (r) => (
        <Button size="small" color="error" onClick={() => setEnding(r)} data-testid={`session-end-${r.id}`}>
          {t('partners.sessions.end')}
        </Button>
      ),
    },
  ];

  const onDone = (ended: number) => {
    setEnding(null);
    feedback.snackbar(t('partners.sessions.ended', { count: ended }));
  };
  const onRefused = (error: unknown) => {
    setEnding(null);
    setRefusal(refusalMessage(error, t('partners.sessions.failed')));
  };

  if (sessions.isError && !sessions.data) return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  return (
    <Box data-testid="partner-sessions">
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="sessions-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <DataTable
        label={t('partners.sessions.tableLabel')}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        loading={sessions.isFetching}
        emptyTitle={t('partners.sessions.empty')}
        rowHeight="auto"
        toolbar={
          <Button size="small" variant="outlined" color="error" disabled={rows.length === 0} onClick={() => setEnding('all')} data-testid="sessions-end-all">
            {t('partners.sessions.endAll')}
          </Button>
        }
      />
      <ConfirmDialog
        open={ending !== null}
        danger
        title={ending === 'all' ? t('partners.sessions.endAllTitle') : t('partners.sessions.endTitle')}
        message={ending === 'all' ? t('partners.sessions.endAllMessage', { count: rows.length }) : t('partners.sessions.endMessage', { ip: ending?.ip ?? '' })}
        confirmLabel={ending === 'all' ? t('partners.sessions.endAll') : t('partners.sessions.end')}
        busy={endOne.isPending || endAll.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          setRefusal(null);
          if (ending === 'all') endAll.mutate(id, { onSuccess: (a) => onDone(a.ended), onError: onRefused });
          else if (ending) endOne.mutate({ id, sid: ending.id }, { onSuccess: (a) => onDone(a.ended), onError: onRefused });
        }}
      />
    </Box>
  );
}
