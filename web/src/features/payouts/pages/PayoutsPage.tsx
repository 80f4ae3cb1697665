import Alert from '@mui/material/Alert';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { Panel, QueryBlock, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { usePurses } from '../api/get-purses.ts';
import { usePayoutsInfo } from '../api/get-payouts-info.ts';
import { useAvailableWithdrawal } from '../api/get-available-withdrawal.ts';
import { useHoldInfo } from '../api/get-hold-info.ts';
import { useExchangeRates } from '../api/get-exchange-rates.ts';
import { AddWalletDialog } from '../components/AddWalletDialog.tsx';
import { AutoPayoutPanel } from '../components/AutoPayoutPanel.tsx';
import { BalanceFigures, HoldBreakdown } from '../components/BalanceFigures.tsx';
import { HoldSchedule } from '../components/HoldSchedule.tsx';
import { ExchangeRates } from '../components/ExchangeRates.tsx';
import { PayoutHistory } from '../components/PayoutHistory.tsx';
import { YearlySummary } from '../components/YearlySummary.tsx';
import { PayoutRequestForm } from '../components/PayoutRequestForm.tsx';
import { QuickPayout } from '../components/QuickPayout.tsx';
import { WalletsTable } from '../components/WalletsTable.tsx';

/**
 * Payouts (docs/product.md#payouts): the payout details (wallets: list, add, set as main, remove) and the payouts (available
 * and on hold with its breakdown, the request form with its quote and the central bank rates, the quick
 * request, and the history with each request's timeline).
 */
export default function PayoutsPage() {
  const { t } = useTranslation('payouts');
  const { t: ts } = useTranslation('statements');
  const purses = usePurses();
  const info = usePayoutsInfo();
  const available = useAvailableWithdrawal();
  const hold = useHoldInfo();
  const rates = useExchangeRates();
  const settings = useProductSettings();
  const [adding, setAdding] = useState(false);
  const confirmed = purses.data?.purses ?? [];
  const main = confirmed.find((w) => w.main);

  return (
    <PageLayout updatedAt={available.dataUpdatedAt}>
      <SectionTitle first>{t('sections.wallets')}</SectionTitle>
      <Panel
        id="wallets"
        action={
          <Button
            variant="contained"
            size="small"
            startIcon={<AddOutlined />}
            onClick={() => setAdding(true)}
            disabled={!info.data}
            data-testid="add-wallet"
          >
            {t('wallets.add')}
          </Button>
        }
      >
        <QueryBlock query={purses} height={200}>
          {(data) => <WalletsTable purses={data} info={info.data} />}
        </QueryBlock>
      </Panel>
      {info.data ? <AddWalletDialog open={adding} info={info.data} onClose={() => setAdding(false)} /> : null}

      <SectionTitle>{t('sections.payouts')}</SectionTitle>
      <BalanceFigures
        available={available}
        holdDays={hold.data?.hold_period_days ?? settings.data?.sales.hold_days}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <Panel title={t('request.title')} id="payout-request">
          {available.data?.account_recovery ? (
            // "This was not me" was confirmed: nothing is paid out until the password is reset (decision 0191).
            <Alert severity="error" sx={{ mb: 2 }} data-testid="payout-account-recovery">
              {available.data.account_recovery.message}
            </Alert>
          ) : null}
          {available.data?.cooling_off ? (
            // A recent sensitive change holds new requests back: said before the partner fills the form in.
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="payout-cooling-off">
              {available.data.cooling_off.message}
            </Alert>
          ) : null}
          <QueryBlock query={purses} height={180}>
            {(data) => (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <PayoutRequestForm wallets={data.purses} available={available.data} rates={rates.data} />
                {info.data ? (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                    {t('request.processing', { count: info.data.processing_days })}
                  </Typography>
                ) : null}
                <Divider />
                <QuickPayout main={main} available={available.data?.amount} rates={rates.data} />
              </Box>
            )}
          </QueryBlock>
          <Divider sx={{ my: 2 }} />
          <ExchangeRates rates={rates} />
        </Panel>
        <Panel title={t('balance.breakdownTitle')} id="hold-breakdown">
          <HoldBreakdown hold={hold} />
        </Panel>
      </Box>
      <Box sx={{ mb: 3 }}>
        <Panel title={t('auto.title')} id="auto-payouts">
          <AutoPayoutPanel main={main} />
        </Panel>
      </Box>
      <Box sx={{ mb: 3 }}>
        <Panel title={t('balance.schedule.title')} id="hold-schedule">
          <HoldSchedule hold={hold} />
        </Panel>
      </Box>
      <Panel title={t('history.title')} id="payout-history">
        <PayoutHistory processingDays={info.data?.processing_days} />
      </Panel>
      <Box sx={{ mt: 3 }}>
        <Panel title={ts('screen.yearly.title')} id="yearly-summary">
          <YearlySummary />
        </Panel>
      </Box>
    </PageLayout>
  );
}
