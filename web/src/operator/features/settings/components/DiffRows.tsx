import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SettingsDiffRow } from '@pc/core/rules/settings-preview';
import { diffLabel, diffValue } from './diff-text.ts';

/** Figures as a partner would see them change: what, before → after; one line each, wrapping on a phone. */
export function DiffRows({ rows, testId, dense = false }: { rows: readonly SettingsDiffRow[]; testId?: string; dense?: boolean }) {
  const { t } = useTranslation('console');
  return (
    <Box component="ul" data-testid={testId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: dense ? 0.25 : 1 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={`${row.key}.${row.item.join('.')}`}
          data-testid={testId ? `${testId}-row` : undefined}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline', py: dense ? 0 : 0.5, borderBottom: dense ? 0 : 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ flex: dense ? '0 1 auto' : '1 1 220px', fontWeight: dense ? 400 : 500 }}>
            {diffLabel(t, row)}
            {dense ? ':' : ''}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
              {diffValue(t, row.unit, row.before)}
            </Box>
            {' → '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              {diffValue(t, row.unit, row.after)}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
