import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import type { SchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { errorText } from '../../../../components/form/form-helpers.ts';

/** The authenticator's six digits: a numeric keypad on phones, the browser may fill it from a one-time-code SMS or app. */
export function TotpField({ form, label, t }: { form: SchemaForm<{ code: string }>; label: string; t: TFunction }) {
  const error = form.errors.code;
  const { inputRef, ...bound } = form.text('code');
  return (
    <TextField
      {...bound}
      id="field-code"
      label={label}
      required
      autoFocus
      autoComplete="one-time-code"
      error={Boolean(error)}
      helperText={errorText(error, t) || ' '}
      inputRef={inputRef}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, 'data-testid': 'totp-code', style: { letterSpacing: '0.3em', fontSize: 20 } } }}
    />
  );
}
