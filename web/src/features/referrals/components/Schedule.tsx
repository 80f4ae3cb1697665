import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { ShownWhenReady } from '../../../components/layout/ShownWhenReady.tsx';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';

const pct = (bp: number) => formatPercent(bp / 10_000);

type Referrals = ProductSettingsAnswer['referrals'];

/** The usual schedule's shape (three first-level rates), which holds the room unseen while the settings load. */
const STAND_IN: Referrals = { first_level_bp: [0, 0, 0], first_level_months: [1, 1], second_level_bp: 0 };

/**
 * How the commission works, from the operator's settings: the first-level rates by months, and the second level.
 * Its room is held while the settings load, so that the figures below do not move when it arrives.
 */
export function Schedule() {
  const settings = useProductSettings();
  const r = settings.data?.referrals;
  return (
    <ShownWhenReady ready={r !== undefined} failed={settings.isError}>
      <ScheduleText r={r ?? STAND_IN} testId={r ? 'referral-schedule' : undefined} />
    </ShownWhenReady>
  );
}

function ScheduleText({ r, testId }: { r: Referrals; testId: string | undefined }) {
  const { t } = useTranslation('referrals');
  const lines = r.first_level_bp.map((bp, i) => {
    const months = r.first_level_months[i];
    if (months === undefined) return t('schedule.after', { percent: pct(bp) });
    return i === 0 ? t('schedule.first', { percent: pct(bp), count: months }) : t('schedule.next', { percent: pct(bp), count: months });
  });
  return (
    <Box data-testid={testId}>
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
