import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** A sign-in page's form: messages that belong to no field on top, the fields, the submit button. */
export function AuthForm({
  label,
  onSubmit,
  errors,
  submitLabel,
  submitting,
  children,
}: {
  label: string;
  onSubmit(event: FormEvent): void;
  errors: string[];
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={1}>
        {errors.length ? (
          <Alert severity="error" data-testid="form-error">
            {errors.join(' ')}
          </Alert>
        ) : null}
        {children}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={submitting}
          sx={{ mt: 2 }}
          data-testid="submit"
        >
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
