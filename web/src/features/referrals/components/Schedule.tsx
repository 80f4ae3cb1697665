import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';

const pct = (bp: number) => formatPercent(bp / 10_000);

/** How the commission works, from the operator's settings: the first-level rates by months, and the second level. */
export function Schedule() {
  const { t } = useTranslation('referrals');
  const settings = useProductSettings();
  const r = settings.data?.referrals;
  if (!r) return null;
  const lines = r.first_level_bp.map((bp, i) => {
    const months = r.first_level_months[i];
    if (months === undefined) return t('schedule.after', { percent: pct(bp) });
    return i === 0 ? t('schedule.first', { percent: pct(bp), count: months }) : t('schedule.next', { percent: pct(bp), count: months });
  });
  return (
    <Box data-testid="referral-schedule">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {t('schedule.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('schedule.firstLevel')}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, ps: 3 }}>
        {lines.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('schedule.secondLevel', { percent: pct(r.second_level_bp) })}
      </Typography>
    </Box>
  );
}
