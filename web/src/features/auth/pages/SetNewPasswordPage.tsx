import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { href } from '../../../app/routes.ts';
import { useRestorePassword } from '../api/auth.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { TokenStatus } from '../components/TokenStatus.tsx';
import { applyServerErrors, fieldProps } from '../components/form-helpers.ts';
import { newPasswordSchema } from '../components/schemas.ts';

const FIELDS = ['password', 'password_confirmation'] as const;

/** The password recovery link: choose a new password (with confirmation). */
export default function SetNewPasswordPage() {
  const { t } = useTranslation('auth');
  const { email = '', token = '' } = useParams();
  const restore = useRestorePassword();
  const [formError, setFormError] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm(newPasswordSchema, { password: '', password_confirmation: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError([]);
    try {
      const answer = await restore.mutateAsync({ email, token, ...values });
      setDone(answer?.message || t('setPassword.success'));
    } catch (error) {
      if (isApiError(error) && error.status >= 500) return;
      const rest = applyServerErrors(form, error, FIELDS);
      if (rest.length) setFormError(rest);
      else if (!isApiError(error) || !Object.keys(error.errors).length) setFormError([t('setPassword.invalid')]);
    }
  });

  const footer = (
    <Link component={RouterLink} to={href('login')} sx={{ fontWeight: 600 }}>
      {t('backToSignIn')}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={t('setPassword.title')}>
        <TokenStatus
          state="success"
          message={done}
          action={
            <Button component={RouterLink} to={href('login')} variant="contained">
              {t('backToSignIn')}
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('setPassword.title')} subtitle={t('setPassword.subtitle', { email })} footer={footer}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('setPassword.title')}>
        <Stack spacing={1}>
          {formError.length ? <Alert severity="error">{formError.join(' ')}</Alert> : null}
          <PasswordField {...fieldProps(form, 'password', t)} label={t('fields.newPassword')} autoComplete="new-password" autoFocus required />
          <PasswordField {...fieldProps(form, 'password_confirmation', t)} label={t('fields.passwordConfirmation')} autoComplete="new-password" required />
          <Button type="submit" variant="contained" size="large" loading={form.isSubmitting} sx={{ mt: 2 }} data-testid="submit">
            {t('setPassword.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
