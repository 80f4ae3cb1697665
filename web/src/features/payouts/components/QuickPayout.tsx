import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import { useTranslation } from 'react-i18next';
import type { ExchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import type { PurseRow } from '@pc/core/contracts/payouts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useQuickPayout } from '../api/quick-payout.ts';
import { ConvertedAmount } from './ConvertedAmount.tsx';
import { quoteFor } from './quote.ts';
import { refusalOf } from './server-errors.ts';

/**
 * The quick request: the whole available amount to the main wallet, after a confirmation that shows the amount,
 * the fee and what will be received. Unavailable (with the reason under the button) without an active main
 * wallet or below its minimum.
 */
export function QuickPayout({
  main,
  available,
  rates,
}: {
  main: PurseRow | undefined;
  available: number | undefined;
  rates?: ExchangeRatesAnswer | undefined;
}) {
  const { t } = useTranslation(['payouts', 'dialogs']);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState('');
  const quick = useQuickPayout();
  const quote = main && available !== undefined ? quoteFor(main.type, available, main) : undefined;
  const reason = !main
    ? t('quick.noMain')
    : main.state !== 'active'
      ? t('quick.mainWaiting', { date: main.active_from ? formatDateTime(main.active_from) : '' })
      : quote && quote.amount < quote.minimum
        ? t('quick.belowMinimum', { minimum: formatMoney(quote.minimum) })
        : '';
  const close = () => {
    setOpen(false);
    setRefusal('');
  };
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<BoltOutlined />}
        disabled={Boolean(reason) || !quote}
        onClick={() => setOpen(true)}
        data-testid="quick-payout"
      >
        {t('quick.button')}
      </Button>
      {reason ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.5 }}
          data-testid="quick-payout-reason"
        >
          {reason}
        </Typography>
      ) : null}
      <Dialog
        open={open && Boolean(main && quote)}
        onClose={quick.isPending ? undefined : close}
        maxWidth="xs"
        fullWidth
        aria-labelledby="quick-payout-title"
      >
        <DialogTitle id="quick-payout-title">{t('quick.title')}</DialogTitle>
        {main && quote ? (
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              {t('quick.message', { wallet: `${t(`systems.${main.type}`)} ${main.summary}` })}
            </Typography>
            <Box
              component="dl"
              data-testid="quick-quote"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto auto',
                rowGap: 0.5,
                columnGap: 2,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, textAlign: 'end', fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
              }}
            >
              <dt>{t('quick.amount')}</dt>
              <dd data-testid="quick-amount">{formatMoney(quote.amount)}</dd>
              <dt>{t('request.fee')}</dt>
              <dd data-testid="quick-fee">{formatMoney(quote.fee)}</dd>
              <dt>{t('request.receive')}</dt>
              <dd data-testid="quick-receive">{formatMoney(quote.received)}</dd>
            </Box>
            <Box sx={{ mt: 1.5 }}>
              <ConvertedAmount wallet={main} receivedMicro={quote.received} rates={rates} />
            </Box>
            {refusal ? (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="quick-payout-error">
                {refusal}
              </Alert>
            ) : null}
          </DialogContent>
        ) : null}
        <DialogActions>
          <Button onClick={close} color="inherit" disabled={quick.isPending}>
            {t('dialogs:cancel')}
          </Button>
          <Button
            variant="contained"
            loading={quick.isPending}
            onClick={() => {
              setRefusal('');
              quick.mutate(undefined, {
                onSuccess: (answer) => {
                  close();
                  feedback.snackbar(answer?.message || t('request.sent'));
                },
                onError: (error) => {
                  if (isApiError(error) && error.status === 403) return;
                  if (isApiError(error) && error.status >= 500) {
                    close();
                    return;
                  }
                  const { general, fields } = refusalOf(error, [], t('request.failed'));
                  setRefusal([...general, ...Object.values(fields)].join(' '));
                },
              });
            }}
          >
            {t('quick.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
