import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { formatNumber, formatPercent } from '../../../lib/format.ts';

/** The conditions every plan shares, with the numbers from the settings. */
export function Conditions({ settings }: { settings: ProductSettingsAnswer }) {
  const { t } = useTranslation('plans');
  const mb = settings.plans.counted_download_min_bytes / 1_048_576;
  const size = formatNumber(mb, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const lines = [
    t('conditions.counted', { size }),
    t('conditions.unique'),
    t('conditions.incomplete'),
    t('conditions.groups'),
    t('conditions.hold', { count: settings.sales.hold_days }),
    t('conditions.site', { percent: formatPercent(settings.sales.site_referral_bonus_bp / 10_000) }),
    t('conditions.change', { count: settings.plans.change_every_days }),
  ];
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }} data-testid="conditions">
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}
