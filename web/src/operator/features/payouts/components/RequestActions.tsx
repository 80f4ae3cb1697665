import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { QueuePayout } from '@pc/core/contracts/console';
import { isPayoutInProgress, nextPayoutStatuses, type PayoutStatus } from '@pc/core/rules/payouts';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useApprovePayout } from '../api/approve-payout.ts';
import { useMovePayout } from '../api/move-payout.ts';

/** The forward moves the server allows from a status (one step at a time); rejecting has its own button. */
const forwardMoves = (status: PayoutStatus) =>
  nextPayoutStatuses(status, 'operator').filter((next): next is 'review' | 'process' | 'accepted' => next !== 'rejected');

/** Approve and move a request, as far as the member's permissions go; a refusal shows the server's message. */
export function RequestActions({ request, partnerLang }: { request: QueuePayout; partnerLang: string }) {
  const { t } = useTranslation('console');
  const me = useMe();
  const move = useMovePayout();
  const approve = useApprovePayout();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const mayMove = mayDo(me, 'payouts.move');
  const mayApprove = mayDo(me, 'payouts.approve');
  const waiting = isPayoutInProgress(request.status);
  const canApprove = mayApprove && waiting && request.needs_approval && !request.approval;
  if (!waiting || (!mayMove && !canApprove)) return null;

  const onRefused = (error: unknown) => setRefusal(refusalMessage(error, t('payouts.request.moveFailed')));
  const moveTo = (status: 'review' | 'process' | 'accepted') => {
    setRefusal(null);
    move.mutate(
      { id: request.id, move: { status } },
      {
        onSuccess: () => {
          setAccepting(false);
          feedback.snackbar(t('payouts.request.moved', { status: t(`payouts.statuses.${status}`) }));
        },
        onError: (error) => {
          setAccepting(false);
          onRefused(error);
        },
      },
    );
  };

  return (
    <Box data-testid="request-actions">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canApprove ? (
          <Button
            variant="contained"
            color="success"
            loading={approve.isPending}
            data-testid="request-approve"
            onClick={() => {
              setRefusal(null);
              approve.mutate(request.id, { onSuccess: () => feedback.snackbar(t('payouts.request.approved')), onError: onRefused });
            }}
          >
            {t('payouts.request.approve')}
          </Button>
        ) : null}
        {mayMove
          ? forwardMoves(request.status).map((status) => (
              <Button
                key={status}
                variant={status === 'accepted' ? 'contained' : 'outlined'}
                loading={move.isPending && move.variables?.move.status === status}
                disabled={move.isPending}
                data-testid={`request-move-${status}`}
                onClick={() => (status === 'accepted' ? setAccepting(true) : moveTo(status))}
              >
                {t(`payouts.request.moveTo.${status}`)}
              </Button>
            ))
          : null}
        {mayMove ? (
          <Button
            color="error"
            variant="outlined"
            disabled={move.isPending}
            data-testid="request-reject"
            onClick={() => {
              setRejectError(null);
              setRejecting(true);
            }}
          >
            {t('payouts.request.reject')}
          </Button>
        ) : null}
      </Box>
      {refusal ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="request-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={accepting}
        title={t('payouts.request.acceptTitle', { id: request.id })}
        message={t('payouts.request.acceptMessage', { amount: formatMoney(request.amount - request.fee), email: request.email })}
        confirmLabel={t('payouts.request.moveTo.accepted')}
        busy={move.isPending}
        onConfirm={() => moveTo('accepted')}
        onCancel={() => setAccepting(false)}
      />
      <ReasonDialog
        open={rejecting}
        title={t('payouts.request.rejectTitle', { id: request.id })}
        message={t('payouts.request.rejectMessage', { amount: formatMoney(request.amount) })}
        hint={t('payouts.request.reasonHint', { lang: partnerLang.toUpperCase() })}
        confirmLabel={t('payouts.request.reject')}
        busy={move.isPending}
        error={rejectError}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) =>
          move.mutate(
            { id: request.id, move: { status: 'rejected', reason } },
            {
              onSuccess: () => {
                setRejecting(false);
                feedback.snackbar(t('payouts.request.moved', { status: t('payouts.statuses.rejected') }));
              },
              onError: (error) => setRejectError(refusalMessage(error, t('payouts.request.moveFailed'))),
            },
          )
        }
      />
    </Box>
  );
}
