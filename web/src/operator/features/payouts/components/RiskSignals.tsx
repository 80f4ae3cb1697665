import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLOR, riskParams, type RiskSignal } from './risk.ts';

/** The request's risk signals: each a chip of its level and name, with its numbers in a sentence. They inform, never block. */
export function RiskSignals({ signals }: { signals: readonly RiskSignal[] }) {
  const { t } = useTranslation('console');
  if (signals.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="risk-none">
        {t('payouts.risk.none')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }} data-testid="risk-signals">
      {signals.map((signal) => (
        <Box component="li" key={signal.code} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={`risk-${signal.code}`}>
          <Chip size="small" color={LEVEL_COLOR[signal.level]} label={`${t(`payouts.risk.levels.${signal.level}`)} · ${t(`payouts.risk.names.${signal.code}`)}`} />
          <Typography variant="body2" sx={{ flex: '1 1 220px', minWidth: 0, pt: 0.25 }}>
            {t(`payouts.risk.texts.${signal.code}`, riskParams(signal))}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
