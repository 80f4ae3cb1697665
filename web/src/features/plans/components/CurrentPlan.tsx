import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { useTranslation } from 'react-i18next';
import type { PlansAnswer } from '@pc/core/contracts/plans';
import { formatDate } from '../../../lib/format.ts';

/** A UTC calendar day, and a moment with its time in UTC (every time in the cabinet is UTC). */
export const utcDay = (iso: string) => formatDate(iso, undefined, { dateStyle: 'long', timeZone: 'UTC' });
export const utcMoment = (iso: string) =>
  formatDate(iso, undefined, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/**
 * The plan in force, the plan from the next day when one is scheduled (with the way to keep the plan in force
 * instead), and when the next change is possible.
 */
export function CurrentPlan({
  state,
  changeEveryDays,
  onKeep,
  keeping = false,
}: {
  state: PlansAnswer;
  changeEveryDays: number | undefined;
  /** Takes back the scheduled change; without it the page offers no such button. */
  onKeep?: () => void;
  keeping?: boolean;
}) {
  const { t } = useTranslation('plans');
  const { current, next, change } = state;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="span" color="text.secondary">
          {t('current.label')}
        </Typography>
        <Chip color="primary" label={t(`names.${current.plan}`)} data-testid="current-plan" sx={{ fontWeight: 700, fontSize: 16 }} />
        <Typography component="span" variant="body2" color="text.secondary" data-testid="current-since">
          {current.since ? t('current.since', { date: utcDay(current.since) }) : t('current.default')}
        </Typography>
      </Box>
      {next ? (
        <Alert
          severity="info"
          icon={<EventAvailable fontSize="inherit" />}
          data-testid="next-plan"
          action={
            onKeep ? (
              <Button color="inherit" size="small" disabled={keeping} onClick={onKeep} sx={{ whiteSpace: 'nowrap' }}>
                {t('current.keepPlan', { plan: t(`names.${current.plan}`) })}
              </Button>
            ) : undefined
          }
        >
          <span data-testid="next-plan-message">{t('current.next', { plan: t(`names.${next.plan}`), date: utcDay(next.effective_from) })}</span>
        </Alert>
      ) : null}
      <Typography variant="body2" data-testid="change-when">
        {change.allowed_now
          ? t('current.canChange', { date: utcDay(change.effective_from) })
          : t('current.nextChange', { date: utcMoment(change.allowed_at ?? change.effective_from) })}
      </Typography>
      {changeEveryDays !== undefined ? (
        <Typography variant="body2" color="text.secondary">
          {t('current.rule', { count: changeEveryDays })}
        </Typography>
      ) : null}
    </Box>
  );
}
