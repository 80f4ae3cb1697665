import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import type { GoldStatusAnswer } from '@pc/core/contracts/earnings';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import type { BlockHeight } from '../../../components/layout/QueryState.tsx';

/**
 * The panel's height while it loads: what it takes once drawn (one column of figures on a phone, two, then four), so
 * that the blocks below it do not move when it arrives. Measured in English with a partner's usual figures.
 */
export const GOLD_STATUS_LOADING_HEIGHT: BlockHeight = { xs: 428, sm: 220, lg: 157 };

/** Progress toward a figure, 0–100 (full when the target is reached or there is none). */
export function progressTo(value: number, target: number | null): number {
  if (target === null || target <= 0) return value > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (100 * value) / target));
}

/** The partner's gold status: current and next level, efficiency, coins, and the next-level hint. */
export function GoldStatusPanel({ status }: { status: GoldStatusAnswer }) {
  const { t } = useTranslation('earnings');
  const { current, next, hint } = status;
  const hintText =
    hint.kind === 'raise_efficiency'
      ? t('gold.hint.raise_efficiency', { amount: formatMoney(hint.value ?? 0) })
      : hint.kind === 'add_coins'
        ? t('gold.hint.add_coins', { count: hint.value ?? 0 })
        : hint.kind === 'wait_month_end'
          ? t('gold.hint.wait_month_end', {
              date: formatDate(status.next_review, undefined, { dateStyle: 'long', timeZone: 'UTC' }),
            })
          : t('gold.hint.max_level');
  return (
    <Box data-testid="gold-status">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <WorkspacePremiumOutlined
          sx={{ color: current.level > 0 ? '#c9a227' : 'text.disabled' }}
          aria-hidden
        />
        <Typography sx={{ fontWeight: 700 }} data-testid="gold-level">
          {t('gold.levelName', { level: current.level, name: t(`gold.levels.${current.name}`) })}
        </Typography>
        <Chip
          size="small"
          label={t('gold.bonus', {
            percent: formatNumber(current.percent / 100, { style: 'percent', maximumFractionDigits: 1 }),
          })}
        />
        {next ? (
          <Typography variant="body2" color="text.secondary">
            {t('gold.next', { level: next.level, name: t(`gold.levels.${next.name}`) })}
          </Typography>
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <Figure
          label={t('gold.coins')}
          value={formatNumber(status.coins)}
          progress={next ? progressTo(status.coins, next.coins) : 100}
          target={next?.coins != null ? t('gold.ofCoins', { count: next.coins }) : undefined}
          testId="gold-coins"
        />
        <Figure
          label={t('gold.efficiencyLastMonth')}
          value={formatMoney(status.efficiency)}
          progress={next ? progressTo(status.efficiency, next.efficiency) : 100}
          target={
            next?.efficiency != null
              ? t('gold.ofEfficiency', { amount: formatMoney(next.efficiency) })
              : undefined
          }
        />
        <Figure label={t('gold.efficiencyMonth')} value={formatMoney(status.efficiency_month)} />
        <Figure label={t('gold.efficiency30d')} value={formatMoney(status.efficiency_30d)} />
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }} data-testid="gold-hint">
        {hintText}
      </Typography>
    </Box>
  );
}

function Figure({
  label,
  value,
  progress,
  target,
  testId,
}: {
  label: string;
  value: string;
  progress?: number;
  target?: string | undefined;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid={testId}>
        {value}
      </Typography>
      {progress !== undefined ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          aria-label={target ? `${label}: ${target}` : label}
        />
      ) : null}
      {target ? (
        <Typography variant="caption" color="text.secondary">
          {target}
        </Typography>
      ) : null}
    </Box>
  );
}
