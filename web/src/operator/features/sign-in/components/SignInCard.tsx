import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The frame of each sign-in step: title, a line of explanation, the messages of the last attempt, the step. */
export function SignInCard({ title, subtitle, errors = [], children, testId }: { title: string; subtitle?: string; errors?: string[]; children: ReactNode; testId: string }) {
  return (
    <Paper sx={{ p: { xs: 2.5, sm: 4 } }} data-testid={testId}>
      <Typography variant="h1" sx={{ fontSize: { xs: 22, sm: 26 }, mb: subtitle ? 1 : 2 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {subtitle}
        </Typography>
      ) : null}
      {errors.length ? (
        <Stack spacing={1} sx={{ mb: 2 }} role="alert" data-testid="sign-in-error">
          {errors.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}
        </Stack>
      ) : null}
      <Box>{children}</Box>
    </Paper>
  );
}
