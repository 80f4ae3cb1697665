import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A block of a detail page: its heading, then its content. */
export function Panel({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: 17, fontWeight: 600 }}>
          {title}
        </Typography>
        {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
      </Box>
      {children}
    </Paper>
  );
}

/** Labelled values, two columns wide where there is room, one on phones. */
export function Facts({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string } | false | null> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, max-content) minmax(0, 1fr)' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}>
      {items.filter((item): item is { label: string; value: ReactNode; testId?: string } => Boolean(item)).map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }} data-testid={item.testId}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
