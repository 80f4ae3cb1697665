import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { useTranslation } from 'react-i18next';
import type { AutoPayoutAnswer, AutoPayoutBody } from '@pc/core/contracts/auto-payouts';
import type { PurseRow } from '@pc/core/contracts/payouts';
import { MICRO_PER_USD } from '@pc/core/money';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { QueryBlock } from '../../../components/layout/QueryState.tsx';
import { currentLocale, formatDate, formatDateTime, formatMoney, formatNumber, ltrIsolated } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useAutoPayout } from '../api/get-auto-payout.ts';
import { useSaveAutoPayout } from '../api/save-auto-payout.ts';
import { decimalSeparator, parseUsdAmount } from './amount.ts';
import { refusalOf } from './server-errors.ts';

type Mode = AutoPayoutBody['mode'];
const MODES: readonly Mode[] = ['off', 'threshold', 'weekly', 'monthly'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
const FIELDS = ['mode', 'threshold', 'weekday', 'month_day'] as const;

/** An ISO weekday (1 Monday … 7 Sunday) by name in the interface language (1 January 2024 was a Monday). */
export function weekdayName(weekday: number): string {
  return formatDate(`2024-01-0${weekday}T12:00:00Z`, currentLocale(), { weekday: 'long', timeZone: 'UTC' });
}

/** Micro-USD as the amount field shows it (no group separators, the language's decimal sign). */
function amountText(micro: number): string {
  const usd = micro / MICRO_PER_USD;
  return formatNumber(usd, { useGrouping: false, minimumFractionDigits: Number.isInteger(usd) ? 0 : 2, maximumFractionDigits: 2, numberingSystem: 'latn' });
}

/**
 * Automatic payouts (decision 0202): what is chosen now, and a form to change it. Saving passes the security
 * check (the app-wide dialog on 403); without a security code or a main wallet the panel says what to do first.
 */
export function AutoPayoutPanel({ main }: { main: PurseRow | undefined }) {
  const query = useAutoPayout();
  return (
    <QueryBlock query={query} height={160}>
      {(data) => <AutoPayoutForm data={data} main={main} key={data.setting?.updated_at ?? 'off'} />}
    </QueryBlock>
  );
}

function AutoPayoutForm({ data, main }: { data: AutoPayoutAnswer; main: PurseRow | undefined }) {
  const { t } = useTranslation('payouts');
  const save = useSaveAutoPayout();
  const setting = data.setting;
  const [mode, setMode] = useState<Mode>(setting?.mode ?? 'off');
  const [threshold, setThreshold] = useState(setting?.threshold ? amountText(setting.threshold) : data.minimum ? amountText(data.minimum) : '');
  const [weekday, setWeekday] = useState<number>(setting?.weekday ?? 1);
  const [monthDay, setMonthDay] = useState<number>(setting?.month_day ?? 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const turningOn = mode !== 'off';
  const blocked = turningOn && (!data.security_code_set || data.minimum === null);

  const summary = !setting
    ? t('auto.off')
    : setting.mode === 'threshold'
      ? t('auto.current.threshold', { amount: formatMoney(setting.threshold ?? 0) })
      : setting.mode === 'weekly'
        ? t('auto.current.weekly', { weekday: weekdayName(setting.weekday ?? 1) })
        : t('auto.current.monthly', { day: formatNumber(setting.month_day ?? 1) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral([]);
    const found: Record<string, string> = {};
    let body: AutoPayoutBody = { mode: 'off' };
    if (mode === 'threshold') {
      const parsed = parseUsdAmount(threshold, decimalSeparator(currentLocale()));
      if (!parsed.ok) found.threshold = t(`request.amountErrors.${parsed.problem}`);
      else if (data.minimum !== null && parsed.micro < data.minimum) found.threshold = t('auto.errors.below_minimum', { minimum: formatMoney(data.minimum) });
      else body = { mode, threshold: parsed.micro };
    } else if (mode === 'weekly') body = { mode, weekday };
    else if (mode === 'monthly') body = { mode, month_day: monthDay };
    setErrors(found);
    if (found.threshold) {
      document.getElementById('auto-threshold')?.focus();
      return;
    }
    save.mutate(body, {
      // The panel is drawn again from the saved choice; the message stays in the snackbar.
      onSuccess: (answer) => feedback.snackbar(answer?.message || t('auto.saved')),
      onError: (error) => {
        if (isApiError(error) && error.status === 403) return;
        const refusal = refusalOf(error, FIELDS, t('request.failed'));
        setErrors(refusal.fields);
        setGeneral(refusal.general);
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="auto-payouts">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <AutorenewOutlined color={setting ? 'primary' : 'disabled'} sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="auto-payouts-current">
            {summary}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {setting && main ? t('auto.toMain', { wallet: ltrIsolated(`${t(`systems.${main.type}`)} ${main.summary}`) }) : t('auto.intro')}
          </Typography>
          {data.last_attempt ? (
            <Typography variant="body2" color="text.secondary" data-testid="auto-payouts-last">
              {data.last_attempt.message
                ? t('auto.lastRefused', { date: formatDateTime(data.last_attempt.at), reason: data.last_attempt.message })
                : t('auto.lastRequest', { date: formatDateTime(data.last_attempt.at) })}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {!data.security_code_set ? (
        <Alert
          severity="info"
          data-testid="auto-payouts-no-code"
          action={
            <Button component={RouterLink} to={ROUTES.settings} color="inherit" size="small">
              {t('auto.toSettings')}
            </Button>
          }
        >
          {t('auto.noSecurityCode')}
        </Alert>
      ) : null}
      {data.minimum === null ? (
        <Alert severity="info" data-testid="auto-payouts-no-main">
          {t('auto.noMain')}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="auto-payouts-form">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <TextField
            select
            id="auto-mode"
            label={t('auto.modeLabel')}
            value={mode}
            onChange={(event) => {
              setMode(event.target.value as Mode);
              setErrors({});
            }}
            error={Boolean(errors.mode)}
            helperText={errors.mode || ' '}
            slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
          >
            {MODES.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`auto.modes.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          {mode === 'threshold' ? (
            <TextField
              id="auto-threshold"
              label={t('auto.thresholdLabel')}
              value={threshold}
              onChange={(event) => {
                setThreshold(event.target.value);
              }}
              error={Boolean(errors.threshold)}
              helperText={errors.threshold || (data.minimum !== null ? t('auto.thresholdHelp', { minimum: formatMoney(data.minimum) }) : ' ')}
              autoComplete="off"
              slotProps={{
                htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          ) : mode === 'weekly' ? (
            <TextField
              select
              id="auto-weekday"
              label={t('auto.weekdayLabel')}
              value={weekday}
              onChange={(event) => setWeekday(Number(event.target.value))}
              error={Boolean(errors.weekday)}
              helperText={errors.weekday || ' '}
              slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
            >
              {WEEKDAYS.map((d) => (
                <MenuItem key={d} value={d}>
                  {weekdayName(d)}
                </MenuItem>
              ))}
            </TextField>
          ) : mode === 'monthly' ? (
            <TextField
              select
              id="auto-month-day"
              label={t('auto.monthDayLabel')}
              value={monthDay}
              onChange={(event) => setMonthDay(Number(event.target.value))}
              error={Boolean(errors.month_day)}
              helperText={errors.month_day || t('auto.monthDayHelp')}
              slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
            >
              {MONTH_DAYS.map((d) => (
                <MenuItem key={d} value={d}>
                  {formatNumber(d)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Box>
        {general.length ? (
          <Alert severity="error" data-testid="auto-payouts-error">
            {general.join(' ')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={blocked || (!setting && !turningOn)} data-testid="auto-payouts-save">
            {t('auto.save')}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 220px' }}>
            {t('auto.rules')} {data.security_code_set ? t('auto.codeAsked') : ''}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
