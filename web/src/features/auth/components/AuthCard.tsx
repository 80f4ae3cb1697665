import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The card every sign-in page sits in: a heading, an optional lead, the content and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Paper
      sx={{
        p: { xs: 3, sm: 4.5 },
        boxShadow: '0 10px 40px rgba(36, 41, 57, 0.08)',
        border: '1px solid rgba(36,41,57,0.06)',
      }}
    >
      <Typography variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, mb: subtitle ? 1 : 3 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      ) : null}
      {children}
      {footer ? (
        <Box
          sx={{
            mt: 3,
            pt: 2.5,
            borderTop: '1px solid',
            borderColor: 'divider',
            textAlign: 'center',
            fontSize: 14,
            color: 'text.secondary',
          }}
        >
          {footer}
        </Box>
      ) : null}
    </Paper>
  );
}
