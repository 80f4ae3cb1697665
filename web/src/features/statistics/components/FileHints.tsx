import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import TrendingDown from '@mui/icons-material/TrendingDown';
import { useTranslation } from 'react-i18next';
import type { FileHint } from '@pc/core/rules/file-hints';
import { FILE_HINTS } from '@pc/core/contracts/keys';
import { useProductSettings } from '../../../lib/product-settings.ts';

const ICONS = {
  plus: AddCircleOutline,
  up: TrendingUp,
  down: TrendingDown,
  minus: RemoveCircleOutline,
} as const;
const COLORS = { plus: 'info.main', up: 'success.main', down: 'warning.main', minus: 'error.main' } as const;

/** The texts of each hint, with the thresholds the operator set (docs/product.md#storage, file hints). */
function useHintTexts() {
  const { t } = useTranslation('stats');
  const settings = useProductSettings().data;
  const h = settings?.file_hints;
  return (hint: FileHint) =>
    h
      ? t(`files.hints.${hint}`, {
          days: hint === 'plus' ? h.new_days : hint === 'down' ? h.falling_window_days : h.unused_days,
          downloads: h.popular_downloads_over,
          purchases: h.selling_purchases_min,
          count: h.selling_purchases_min,
        })
      : t(`files.hintNames.${hint}`);
}

export function HintIcons({ hints }: { hints: readonly FileHint[] }) {
  const { t } = useTranslation('stats');
  const text = useHintTexts();
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.25 }}>
      {hints.map((hint) => {
        const Icon = ICONS[hint];
        return (
          <Tooltip key={hint} title={text(hint)}>
            <Icon
              fontSize="small"
              sx={{ color: COLORS[hint] }}
              aria-label={t(`files.hintNames.${hint}`)}
              role="img"
              data-testid={`hint-${hint}`}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** What the four icons mean, shown while the tips are on. */
export function HintLegend() {
  const { t } = useTranslation('stats');
  const text = useHintTexts();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
      data-testid="hint-legend"
    >
      {FILE_HINTS.map((hint) => {
        const Icon = ICONS[hint];
        return (
          <Box component="li" key={hint} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Icon fontSize="small" sx={{ color: COLORS[hint], mt: '2px' }} aria-hidden />
            <Typography variant="body2">
              <strong>{t(`files.hintNames.${hint}`)}</strong> — {text(hint)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
