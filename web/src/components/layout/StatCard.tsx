import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** One figure with its label (and an optional note under it): the info blocks of the dashboard and today blocks. */
export function StatCard({
  label,
  value,
  note,
  icon,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Paper
      sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, height: '100%' }}
      data-testid={testId}
    >
      {icon ? (
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            // On phones two cards share a row: the figure gets the icon's room so it does not break.
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            bgcolor: 'rgba(33, 150, 243, 0.1)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {icon}
        </Box>
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: { xs: 18, sm: 22 }, fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {loading ? <Skeleton width={96} /> : value}
        </Typography>
        {note && !loading ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {note}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}

/** A responsive grid of stat cards: two columns on phones and tablets, up to `columns` on desktops. */
export function StatGrid({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: `repeat(${columns}, minmax(0, 1fr))` },
        mb: 3,
      }}
    >
      {children}
    </Box>
  );
}
