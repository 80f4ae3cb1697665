import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OperatorPayout } from '@pc/core/contracts/operator';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock } from '../../../../components/layout/QueryState.tsx';
import { formatDateTime, formatExchangeRate, formatDay, formatMinorUnits, formatMoney, ltrIsolated } from '../../../../lib/format.ts';
import { Facts, Panel } from '../../../components/Facts.tsx';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useQueuePayout, type QueuePayoutAnswer } from '../api/get-payout.ts';
import { RequestActions } from '../components/RequestActions.tsx';
import { RiskSignals } from '../components/RiskSignals.tsx';
import { StatusChip } from '../components/StatusChip.tsx';

type HistoryRow = QueuePayoutAnswer['history'][number];

/** A payout request (payouts.read): the request, four eyes, risk signals, its history and the partner's other requests. */
export default function PayoutRequestPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const id = Number(useParams().id);
  const answer = useQueuePayout(id);
  const back = (
    <Button component={RouterLink} to="/payouts" startIcon={<ArrowBackOutlined />} size="small" data-testid="back-to-queue">
      {t('payouts.request.back')}
    </Button>
  );
  if (!answer.data)
    return (
      <PageLayout title={t('payouts.request.title', { id })} breadcrumbs={false} actions={back}>
        {answer.isError ? <ErrorState error={answer.error} onRetry={() => void answer.refetch()} /> : <LoadingBlock height={320} />}
      </PageLayout>
    );
  const { request, history, partner, recent_payouts: recent, risk, four_eyes_micro: fourEyes } = answer.data;
  const conversion = request.conversion;

  const historyColumns: TableColumn<HistoryRow>[] = [
    { field: 'at', header: t('payouts.history.at'), kind: 'datetime', minWidth: 160 },
    { field: 'move', header: t('payouts.history.move'), minWidth: 200, flex: 1.2, value: (h) => `${h.from ? t(`payouts.statuses.${h.from}`) : '—'} → ${t(`payouts.statuses.${h.to}`)}` },
    { field: 'actor', header: t('payouts.history.actor'), minWidth: 140 },
    { field: 'reason', header: t('payouts.history.reason'), minWidth: 180, flex: 1.5 },
  ];
  const recentColumns: TableColumn<OperatorPayout>[] = [
    {
      field: 'id',
      header: t('payouts.columns.id'),
      minWidth: 80,
      flex: 0.5,
      render: (r) => (
        <Link component={RouterLink} to={`/payouts/${r.id}`}>
          #{r.id}
        </Link>
      ),
    },
    { field: 'created_date', header: t('payouts.columns.created'), kind: 'datetime', minWidth: 160 },
    { field: 'system', header: t('payouts.columns.system'), minWidth: 110, value: (r) => t(`payouts.systems.${r.wallet_type}`, { defaultValue: r.wallet_type }) },
    { field: 'amount', header: t('payouts.columns.amount'), kind: 'money', minWidth: 110 },
    { field: 'status', header: t('payouts.columns.status'), minWidth: 120, value: (r) => t(`payouts.statuses.${r.status}`), render: (r) => <StatusChip status={r.status} /> },
  ];

  return (
    <PageLayout title={t('payouts.request.title', { id })} breadcrumbs={false} updatedAt={answer.dataUpdatedAt} actions={back}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title={t('payouts.request.panel')} testId="request-panel">
            <Facts
              items={[
                { label: t('payouts.request.status'), value: <StatusChip status={request.status} testId="request-status" /> },
                request.status_reason ? { label: t('payouts.request.statusReason'), value: request.status_reason } : null,
                { label: t('payouts.columns.amount'), value: formatMoney(request.amount), testId: 'request-amount' },
                { label: t('payouts.columns.fee'), value: formatMoney(request.fee) },
                { label: t('payouts.request.receives'), value: formatMoney(request.amount - request.fee), testId: 'request-receives' },
                conversion
                  ? {
                      label: t('payouts.request.conversion'),
                      testId: 'request-conversion',
                      value: t('payouts.request.conversionValue', {
                        amount: formatMinorUnits(conversion.amount_minor, conversion.currency),
                        rate: ltrIsolated(`1 USD = ${formatExchangeRate(conversion.rate)} ${conversion.currency}`),
                        day: formatDay(conversion.rate_date),
                        source: t(`payouts.rateSources.${conversion.source}`),
                      }),
                    }
                  : null,
                { label: t('payouts.columns.system'), value: t(`payouts.systems.${request.wallet_type}`, { defaultValue: request.wallet_type }) },
                { label: t('payouts.request.wallet'), value: request.payment_details || '—', testId: 'request-wallet' },
                { label: t('payouts.columns.created'), value: formatDateTime(request.created_date) },
                { label: t('payouts.request.updated'), value: formatDateTime(request.updated_at) },
                request.batch_id
                  ? {
                      label: t('payouts.columns.batch'),
                      value: (
                        <Link component={RouterLink} to={`/payouts/batches/${request.batch_id}`}>
                          #{request.batch_id}
                        </Link>
                      ),
                    }
                  : null,
              ]}
            />
          </Panel>
          <Panel title={t('payouts.fourEyes.title')} testId="four-eyes">
            <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="four-eyes-state">
              {request.approval
                ? t('payouts.fourEyes.approvedAt', { name: request.approval.name, at: formatDateTime(request.approval.at) })
                : request.needs_approval
                  ? t('payouts.fourEyes.neededAbove', { amount: formatMoney(fourEyes) })
                  : t('payouts.fourEyes.notNeeded', { amount: formatMoney(fourEyes) })}
            </Typography>
            <RequestActions request={request} partnerLang={partner.lang} />
          </Panel>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title={t('payouts.risk.title')} testId="risk-panel">
            <RiskSignals signals={risk} />
          </Panel>
          <Panel title={t('payouts.request.partner')} testId="request-partner">
            <Facts
              items={[
                {
                  label: t('payouts.columns.partner'),
                  value: mayDo(me, 'partners.read') ? (
                    <Link component={RouterLink} to={`/partners/${partner.id}`}>
                      {partner.email}
                    </Link>
                  ) : (
                    partner.email
                  ),
                },
                { label: t('payouts.request.partnerId'), value: `#${partner.id}` },
                { label: t('payouts.request.partnerLang'), value: partner.lang.toUpperCase() },
                { label: t('payouts.request.partnerSince'), value: formatDateTime(partner.created_at) },
                partner.blocked ? { label: t('payouts.request.partnerState'), value: <Chip size="small" color="error" label={t('payouts.request.blocked')} /> } : null,
              ]}
            />
          </Panel>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Panel title={t('payouts.history.title')} testId="request-history">
          <DataTable label={t('payouts.history.title')} columns={historyColumns} rows={history} getRowId={(h) => `${h.at}-${h.to}`} emptyTitle={t('payouts.history.empty')} rowHeight="auto" />
        </Panel>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Panel title={t('payouts.request.recent')} testId="request-recent">
          <DataTable label={t('payouts.request.recent')} columns={recentColumns} rows={recent} getRowId={(r) => r.id} emptyTitle={t('payouts.request.recentEmpty')} />
        </Panel>
      </Box>
    </PageLayout>
  );
}
