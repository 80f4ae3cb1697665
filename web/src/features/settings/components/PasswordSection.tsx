import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { useChangePassword } from '../api/change-password.ts';
import { applyServerErrors } from '../../../components/form/form-helpers.ts';
import { settingsField } from './settings-field.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordChangeSchema } from './schemas.ts';


const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;
const EMPTY = { old_password: '', password: '', password_confirmation: '' };
const LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/**
 * Change password: old, new and its confirmation. The server e-mails a confirmation link; the password changes
 * only when the partner follows it (the confirm-password-changing page).
 */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const [formError, setFormError] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm(passwordChangeSchema, EMPTY);
  const change = useChangePassword({
    onSuccess: (answer) => {
      for (const field of FIELDS) form.setValue(field, '', { check: false });
      setSent(answer?.message || t('password.sent'));
    },
    onRefused: (error) => setFormError(applyServerErrors(form, error, FIELDS)),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError([]);
    setSent(null);
    change.mutate(values);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
      {sent ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="password-sent" onClose={() => setSent(null)}>
          {sent}
        </Alert>
      ) : null}
      {formError.length ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="password-form-error">
          {formError.join(' ')}
        </Alert>
      ) : null}
      <PasswordInput
        {...settingsField(form, 'old_password', t, { params: LIMITS })}
        label={t('password.old')}
        autoComplete="current-password"
        required
      />
      <PasswordInput
        {...settingsField(form, 'password', t, { params: LIMITS, hint: t('password.hint', LIMITS) })}
        label={t('password.new')}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        {...settingsField(form, 'password_confirmation', t, { params: LIMITS })}
        label={t('password.confirmation')}
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" loading={change.isPending} sx={{ mt: 1 }} data-testid="change-password">
        {t('password.submit')}
      </Button>
    </Box>
  );
}
