import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlansAnswer } from '@pc/core/contracts/plans';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { PLANS, type Plan } from '@pc/core/product';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { utcDay } from './CurrentPlan.tsx';

type PlanSettings = ProductSettingsAnswer['plans'];
const pct = (bp: number) => formatPercent(bp / 10_000);

/** The three plans side by side: what each pays (from the settings), where the partner stands, and the choice. */
export function PlanCards({
  state,
  settings,
  best,
  busy,
  onChoose,
}: {
  state: PlansAnswer;
  settings: PlanSettings;
  best: Plan | null;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const { t } = useTranslation('plans');
  // The plan from the next day is the one a choice is compared with (choosing it again changes nothing).
  const upcoming = state.next?.plan ?? state.current.plan;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }} data-testid="plan-cards">
      {PLANS.map((plan) => {
        const shares = settings.sale_shares[plan];
        const top = Math.max(0, ...Object.values(settings.download_rates[plan]));
        const isCurrent = state.current.plan === plan;
        const isNext = state.next?.plan === plan;
        const name = t(`names.${plan}`);
        return (
          <Paper
            key={plan}
            variant="outlined"
            data-testid={`plan-card-${plan}`}
            aria-labelledby={`plan-${plan}-name`}
            component="section"
            sx={{
              p: 2,
              display: 'flex',
              flexDirection: 'column',
              gap: 1.25,
              borderWidth: isCurrent || isNext ? 2 : 1,
              borderColor: isCurrent ? 'primary.main' : isNext ? 'secondary.main' : undefined,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h3" id={`plan-${plan}-name`} sx={{ fontSize: 20, fontWeight: 700, mr: 'auto' }}>
                {name}
              </Typography>
              {isCurrent ? <Chip size="small" color="primary" label={t('cards.currentBadge')} /> : null}
              {isNext && state.next ? <Chip size="small" color="secondary" label={t('cards.nextBadge', { date: utcDay(state.next.effective_from) })} /> : null}
              {best === plan ? <Chip size="small" color="success" variant="outlined" label={t('cards.bestBadge')} data-testid={`best-${plan}`} /> : null}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t(`cards.about.${plan}`)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5, flex: '1 1 auto', alignContent: 'start' }}>
              <Typography component="li" variant="body2">
                {shares.sale > 0 ? t('cards.saleShare', { percent: pct(shares.sale), rebill: pct(shares.rebill) }) : t('cards.noSales')}
              </Typography>
              {shares.video_sale > 0 ? (
                <Typography component="li" variant="body2">
                  {t('cards.videoShare', { percent: pct(shares.video_sale), rebill: pct(shares.video_rebill) })}
                </Typography>
              ) : null}
              <Typography component="li" variant="body2">
                {top > 0
                  ? t('cards.downloadsUpTo', { amount: formatMoney(top * 1000), thousand: formatNumber(1000) })
                  : t('cards.noDownloads')}
              </Typography>
              {plan === 'pps' ? (
                <Typography component="li" variant="body2">
                  {t('cards.freeDownloads')}
                </Typography>
              ) : null}
            </Box>
            <Button
              variant={plan === upcoming ? 'outlined' : 'contained'}
              disabled={plan === upcoming || !state.change.allowed_now || busy}
              onClick={() => onChoose(plan)}
              data-testid={`choose-${plan}`}
            >
              {plan === upcoming ? (isNext ? t('cards.scheduled') : t('cards.chosen')) : t('cards.choose', { plan: name })}
            </Button>
          </Paper>
        );
      })}
    </Box>
  );
}
