import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@pc/core/locales';
import type { AlertSettingsAnswer, AlertSettingsBody } from '@pc/core/contracts/alerts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { alertSettingsQueryOptions } from '../api/get-alert-settings.ts';
import { useUpdateAlertSettings } from '../api/update-alert-settings.ts';

type Kind = 'sale' | 'payout_status' | 'weekly_summary';
const KINDS: ReadonlyArray<{ name: Kind; label: string; hint: string }> = [
  { name: 'sale', label: 'sale', hint: 'saleHint' },
  { name: 'payout_status', label: 'payoutStatus', hint: 'payoutStatusHint' },
  { name: 'weekly_summary', label: 'weeklySummary', hint: 'weeklySummaryHint' },
];

/**
 * E-mail alerts (decision 0124): a switch per opt-in kind, wallet changes shown always on, and the language of
 * the alert mails. Every change is saved at once (the whole set) and confirmed with a snackbar.
 */
export function AlertsSection({ settings }: { settings: AlertSettingsAnswer }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const save = useUpdateAlertSettings({
    onSuccess: (answer) => {
      // The controls keep their new values while the settings are read again.
      if (answer?.data) queryClient.setQueryData(alertSettingsQueryOptions({}).queryKey, answer.data);
      feedback.snackbar(answer?.message || t('alerts.saved'));
    },
    onRefused: (error) => feedback.snackbar(error.serverMessage || t('alerts.failed')),
  });
  const current: AlertSettingsBody = {
    sale: settings.sale,
    payout_status: settings.payout_status,
    weekly_summary: settings.weekly_summary,
    lang: settings.lang,
    ...(save.isPending ? save.variables : {}),
  };
  const change = (patch: Partial<AlertSettingsBody>) => save.mutate({ ...current, ...patch });

  return (
    <Stack spacing={2} data-testid="alerts-section">
      <Typography variant="body2" color="text.secondary">
        {t('alerts.intro')}
      </Typography>
      {KINDS.map(({ name, label, hint }) => (
        <Box key={name}>
          <FormControlLabel
            control={
              <Switch
                checked={current[name]}
                disabled={save.isPending}
                onChange={(event) => change({ [name]: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': `alert-${name}-hint` } }}
                data-testid={`alert-${name}`}
              />
            }
            label={t(`alerts.${label}`)}
          />
          <Typography variant="body2" color="text.secondary" id={`alert-${name}-hint`}>
            {t(`alerts.${hint}`)}
          </Typography>
        </Box>
      ))}
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked
              disabled
              slotProps={{ input: { 'aria-describedby': 'alert-wallet_change-hint' } }}
              data-testid="alert-wallet_change"
            />
          }
          label={t('alerts.walletChange')}
        />
        <Typography variant="body2" color="text.secondary" id="alert-wallet_change-hint">
          {t('alerts.walletChangeHint')}
        </Typography>
      </Box>
      <TextField
        select
        label={t('alerts.lang')}
        value={current.lang}
        disabled={save.isPending}
        onChange={(event) => change({ lang: event.target.value as AlertSettingsBody['lang'] })}
        sx={{ maxWidth: 320 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'alert-lang' } } }}
      >
        {LANGS.map((lang) => (
          <MenuItem key={lang.code} value={lang.code} lang={lang.code} dir={lang.dir}>
            {lang.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
