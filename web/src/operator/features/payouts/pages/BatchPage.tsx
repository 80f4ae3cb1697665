import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock } from '../../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { formatDateTime, formatMoney } from '../../../../lib/format.ts';
import { Facts, Panel } from '../../../components/Facts.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useBatch, type BatchView } from '../api/get-batch.ts';
import { useCompleteBatch } from '../api/complete-batch.ts';
import { useRejectBatchItem } from '../api/reject-batch-item.ts';
import { StatusChip } from '../components/StatusChip.tsx';

type Item = BatchView['items'][number];

/** The refusal's `problems` ("12:review,14:approval_required") as one line per request. */
export function problemsOf(error: unknown): Array<{ id: string; why: string }> {
  if (!isApiError(error) || typeof error.body.problems !== 'string') return [];
  return error.body.problems
    .split(',')
    .filter(Boolean)
    .map((problem) => {
      const [id = '', why = ''] = problem.split(':');
      return { id, why };
    });
}

/** A batch (payouts.read): its requests; completing it (all or nothing) and rejecting one of them (payouts.move). */
export default function BatchPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const id = Number(useParams().id);
  const batch = useBatch(id);
  const complete = useCompleteBatch();
  const reject = useRejectBatchItem();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; problems: Array<{ id: string; why: string }> } | null>(null);
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const mayMove = mayDo(me, 'payouts.move');
  const title = t('payouts.batch.title', { id });
  const back = (
    <Button component={RouterLink} to="/payouts" startIcon={<ArrowBackOutlined />} size="small">
      {t('payouts.request.back')}
    </Button>
  );
  if (!batch.data)
    return (
      <PageLayout title={title} breadcrumbs={false} actions={back}>
        {batch.isError ? <ErrorState error={batch.error} onRetry={() => void batch.refetch()} /> : <LoadingBlock height={320} />}
      </PageLayout>
    );
  const b = batch.data;
  const open = b.status === 'open';
  const total = b.items.reduce((sum, item) => sum + item.amount, 0);

  const columns: TableColumn<Item>[] = [
    {
      field: 'payout_id',
      header: t('payouts.columns.id'),
      minWidth: 90,
      flex: 0.6,
      render: (item) => (
        <Link component={RouterLink} to={`/payouts/${item.payout_id}`}>
          #{item.payout_id}
        </Link>
      ),
    },
    { field: 'user_id', header: t('payouts.request.partnerId'), minWidth: 100, flex: 0.6, value: (item) => `#${item.user_id}` },
    { field: 'amount', header: t('payouts.columns.amount'), kind: 'money', minWidth: 110 },
    { field: 'fee', header: t('payouts.columns.fee'), kind: 'money', minWidth: 100 },
    { field: 'status', header: t('payouts.columns.status'), minWidth: 120, value: (item) => t(`payouts.statuses.${item.status}`), render: (item) => <StatusChip status={item.status} testId={`batch-item-status-${item.payout_id}`} /> },
    ...(mayMove && open
      ? [
          {
            field: 'actions',
            header: t('payouts.batch.actions'),
            minWidth: 110,
            flex: 0.6,
            hideable: false,
            value: () => '',
            render: (item: Item) =>
              ['created', 'review', 'process'].includes(item.status) ? (
                <Button
                  size="small"
                  color="error"
                  data-testid={`batch-reject-${item.payout_id}`}
                  onClick={() => {
                    setRejectError(null);
                    setRejecting(item);
                  }}
                >
                  {t('payouts.request.reject')}
                </Button>
              ) : null,
          } satisfies TableColumn<Item>,
        ]
      : []),
  ];

  return (
    <PageLayout
      title={title}
      breadcrumbs={false}
      updatedAt={batch.dataUpdatedAt}
      actions={
        <>
          {back}
          {mayMove && open ? (
            <Button variant="contained" data-testid="batch-complete" onClick={() => setConfirming(true)}>
              {t('payouts.batch.complete')}
            </Button>
          ) : null}
        </>
      }
    >
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="batch-refusal" onClose={() => setRefusal(null)}>
          {refusal.message}
          {refusal.problems.length ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {refusal.problems.map((p) => (
                <li key={p.id} data-testid={`batch-problem-${p.id}`}>
                  {t('payouts.batch.problem', { id: p.id, why: t(`payouts.batch.problems.${p.why}`, { defaultValue: t(`payouts.statuses.${p.why}`, { defaultValue: p.why }) }) })}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ mb: 2 }}>
        <Panel title={t('payouts.batch.panel')} testId="batch-panel">
          <Facts
            items={[
              { label: t('payouts.batch.state'), value: <Chip size="small" color={open ? 'warning' : 'success'} label={t(`payouts.batch.states.${b.status}`)} data-testid="batch-state" /> },
              { label: t('payouts.columns.system'), value: t(`payouts.systems.${b.system}`) },
              { label: t('payouts.batch.items'), value: t('payouts.batch.itemsValue', { count: b.items.length, amount: formatMoney(total) }) },
              { label: t('payouts.batch.createdBy'), value: `${b.created_by.name} · ${formatDateTime(b.created_at)}` },
              b.completed_at ? { label: t('payouts.batch.completedAt'), value: formatDateTime(b.completed_at) } : null,
            ]}
          />
        </Panel>
      </Box>
      <Panel title={t('payouts.batch.requests')}>
        <DataTable label={t('payouts.batch.requests')} columns={columns} rows={b.items} getRowId={(item) => item.payout_id} emptyTitle={t('payouts.batch.empty')} />
      </Panel>
      <ConfirmDialog
        open={confirming}
        title={t('payouts.batch.completeTitle', { id: b.id })}
        message={t('payouts.batch.completeMessage', { count: b.items.length, amount: formatMoney(total) })}
        confirmLabel={t('payouts.batch.complete')}
        busy={complete.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setRefusal(null);
          complete.mutate(b.id, {
            onSuccess: () => {
              setConfirming(false);
              feedback.snackbar(t('payouts.batch.completed'));
            },
            onError: (error) => {
              setConfirming(false);
              setRefusal({ message: refusalMessage(error, t('payouts.batch.completeFailed')), problems: problemsOf(error) });
            },
          });
        }}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('payouts.batch.rejectTitle', { id: rejecting?.payout_id ?? '' })}
        message={rejecting ? t('payouts.request.rejectMessage', { amount: formatMoney(rejecting.amount) }) : undefined}
        hint={t('payouts.batch.reasonHint')}
        confirmLabel={t('payouts.request.reject')}
        busy={reject.isPending}
        error={rejectError}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) =>
          rejecting &&
          reject.mutate(
            { batchId: b.id, payoutId: rejecting.payout_id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                feedback.snackbar(t('payouts.request.moved', { status: t('payouts.statuses.rejected') }));
              },
              onError: (error) => setRejectError(refusalMessage(error, t('payouts.request.moveFailed'))),
            },
          )
        }
      />
    </PageLayout>
  );
}
