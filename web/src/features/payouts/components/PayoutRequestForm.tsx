import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AvailableWithdrawalAnswer } from '@pc/core/contracts/balance';
import type { ExchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import type { PurseRow } from '@pc/core/contracts/payouts';
import { currentLocale, formatDateTime, formatMoney, NO_VALUE } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useCreatePayout } from '../api/create-payout.ts';
import { decimalSeparator, parseUsdAmount } from './amount.ts';
import { ConvertedAmount } from './ConvertedAmount.tsx';
import { quoteFor } from './quote.ts';
import { refusalOf } from './server-errors.ts';

type Field = 'amount' | 'wallet';
type Errors = Partial<Record<Field, string>>;

/** The wallet a request goes to unless the partner picks another: the main one if active, else the first active. */
export function defaultWallet(wallets: readonly PurseRow[]): PurseRow | undefined {
  return wallets.find((w) => w.main && w.state === 'active') ?? wallets.find((w) => w.state === 'active');
}

/**
 * The payout request: an amount in dollars (converted to micro-USD exactly, at most two decimals) to a confirmed
 * wallet; wallets in their waiting period are shown but cannot be chosen. A live quote shows the fee, the
 * system's minimum and what will be received (core's payoutQuote over the wallet's terms), and for a card in
 * roubles or hryvnias what that is in its currency at the national bank's rate. Refusals land on the fields; a
 * security check (403) is the app's, which sends the request again once it passes.
 */
export function PayoutRequestForm({
  wallets,
  available,
  rates,
}: {
  wallets: readonly PurseRow[];
  available: AvailableWithdrawalAnswer | undefined;
  rates?: ExchangeRatesAnswer | undefined;
}) {
  const { t } = useTranslation('payouts');
  const create = useCreatePayout();
  const [amount, setAmount] = useState('');
  const [walletId, setWalletId] = useState<number | ''>(() => defaultWallet(wallets)?.id ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const wallet = wallets.find((w) => w.id === walletId);
  const parsed = parseUsdAmount(amount, decimalSeparator(currentLocale()));
  const quote = wallet && parsed.ok ? quoteFor(wallet.type, parsed.micro, wallet) : undefined;
  const minimum = wallet ? wallet.min_payout : undefined;

  const check = (typed: string, chosen: PurseRow | undefined): Errors => {
    const found: Errors = {};
    const value = parseUsdAmount(typed, decimalSeparator(currentLocale()));
    if (!value.ok) found.amount = t(`request.amountErrors.${value.problem}`);
    if (!chosen) found.wallet = t('request.walletRequired');
    else if (chosen.state !== 'active')
      found.wallet = t('request.walletWaitingError', {
        date: chosen.active_from ? formatDateTime(chosen.active_from) : '',
      });
    if (value.ok && chosen && !found.wallet) {
      if (value.micro < chosen.min_payout)
        found.amount = t('request.belowMinimum', {
          system: t(`systems.${chosen.type}`),
          minimum: formatMoney(chosen.min_payout),
        });
      else if (available && value.micro > available.amount)
        found.amount = t('request.aboveAvailable', { available: formatMoney(available.amount) });
    }
    return found;
  };

  const recheck = (typed: string, chosen: PurseRow | undefined) => {
    if (submitted) setErrors(check(typed, chosen));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setGeneral([]);
    setNotice('');
    const found = check(amount, wallet);
    setErrors(found);
    if (found.amount || found.wallet || !parsed.ok || !wallet) {
      document.getElementById(found.amount ? 'payout-amount' : 'payout-wallet')?.focus();
      return;
    }
    create.mutate(
      { amount: String(parsed.micro), wallet: wallet.id },
      {
        onSuccess: (answer) => {
          setAmount('');
          setSubmitted(false);
          setErrors({});
          setNotice(answer?.message || t('request.sent'));
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 403) return;
          const refusal = refusalOf(error, ['amount', 'wallet'], t('request.failed'));
          setErrors(refusal.fields);
          setGeneral(refusal.general);
          if (refusal.fields.amount) document.getElementById('payout-amount')?.focus();
        },
      },
    );
  };

  if (!wallets.length) return <Alert severity="info">{t('request.noWallets')}</Alert>;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="payout-request-form"
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
        }}
      >
        <TextField
          id="payout-amount"
          name="amount"
          label={t('request.amount')}
          required
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setNotice('');
            recheck(event.target.value, wallet);
          }}
          error={Boolean(errors.amount)}
          helperText={
            errors.amount ||
            (available ? t('request.amountHint', { available: formatMoney(available.amount) }) : ' ')
          }
          autoComplete="off"
          slotProps={{
            htmlInput: { inputMode: 'decimal', dir: 'ltr' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
        <TextField
          select
          id="payout-wallet"
          name="wallet"
          label={t('request.wallet')}
          required
          value={walletId}
          onChange={(event) => {
            const id = Number(event.target.value);
            setWalletId(id);
            recheck(
              amount,
              wallets.find((w) => w.id === id),
            );
          }}
          error={Boolean(errors.wallet)}
          helperText={errors.wallet || ' '}
          slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
        >
          {wallets.map((w) => (
            <MenuItem key={w.id} value={w.id} disabled={w.state !== 'active'}>
              <ListItemText
                primary={t('request.walletOption', { system: t(`systems.${w.type}`), details: w.summary })}
                secondary={
                  w.state !== 'active'
                    ? t('request.walletWaiting', { date: w.active_from ? formatDateTime(w.active_from) : '' })
                    : w.main
                      ? t('request.walletMain')
                      : undefined
                }
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box
        component="dl"
        aria-label={t('request.quoteLabel')}
        data-testid="payout-quote"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 1,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          '& dt': { typography: 'caption', color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
        }}
      >
        <div>
          <dt>{t('request.fee')}</dt>
          <dd data-testid="quote-fee">{quote ? formatMoney(quote.fee) : NO_VALUE}</dd>
        </div>
        <div>
          <dt>{t('request.minimum')}</dt>
          <dd data-testid="quote-minimum">{minimum !== undefined ? formatMoney(minimum) : NO_VALUE}</dd>
        </div>
        <div>
          <dt>{t('request.receive')}</dt>
          <dd data-testid="quote-receive">{quote ? formatMoney(quote.received) : NO_VALUE}</dd>
        </div>
      </Box>
      {wallet ? <ConvertedAmount wallet={wallet} receivedMicro={quote?.received} rates={rates} /> : null}
      {general.length ? (
        <Alert severity="error" data-testid="payout-request-error">
          {general.join(' ')}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" data-testid="payout-request-sent" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('request.submit')}
        </Button>
      </Box>
    </Box>
  );
}
