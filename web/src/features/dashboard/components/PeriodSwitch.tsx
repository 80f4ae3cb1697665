import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS } from '@pc/core/contracts/keys';

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The dashboard's periods: last 7 days, last 30 days, this week, this month. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange: (next: DashboardPeriod) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: DashboardPeriod | null) => next && onChange(next)}
      aria-label={t('period.label')}
    >
      {DASHBOARD_PERIODS.map((p) => (
        <ToggleButton key={p} value={p} sx={{ px: 1.5 }} data-testid={`period-${p}`}>
          {t(`period.${p}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
