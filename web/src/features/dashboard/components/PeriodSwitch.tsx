import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS } from '@pc/core/contracts/keys';
import { ChoiceToggle } from '../../../components/filters/ChoiceToggle.tsx';

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
    <ChoiceToggle
      label={t('period.label')}
      value={value}
      options={DASHBOARD_PERIODS}
      labelOf={(p) => t(`period.${p}`)}
      onChange={onChange}
      testIdPrefix="period-"
    />
  );
}
