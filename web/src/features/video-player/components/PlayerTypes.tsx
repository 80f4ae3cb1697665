import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PLAYER_TYPES } from '@pc/core/product';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { formatPercent } from '../../../lib/format.ts';

const percent = (bp: number) => formatPercent(bp / 10_000);

/** The four player types, each with what a purchase made from it pays on PPS and on Mixed. */
export function PlayerTypes({ shares }: { shares: ProductSettingsAnswer['plans']['sale_shares'] }) {
  const { t } = useTranslation('videoplayer');
  const plans = (['pps', 'mixed'] as const).map((plan) => ({
    plan,
    sale: percent(shares[plan]?.video_sale ?? 0),
    rebill: percent(shares[plan]?.video_rebill ?? 0),
  }));
  return (
    <Box
      component="ul"
      aria-label={t('types.label')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
    >
      {PLAYER_TYPES.map((type) => (
        <Paper component="li" key={type} variant="outlined" sx={{ p: 2 }} data-testid={`player-${type}`}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: 16, mb: 0.5 }}>
            {t(`types.${type}.name`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t(`types.${type}.text`)}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {plans.map((p) => (
              <Box key={p.plan} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`plans.${p.plan}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`pays-${type}-${p.plan}`}>
                  {t(type === 'demo' ? 'types.paysAfterPreview' : 'types.pays', { sale: p.sale, rebill: p.rebill })}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
