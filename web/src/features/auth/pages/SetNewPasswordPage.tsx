import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useRestorePassword } from '../api/restore-password.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { TokenStatus } from '../components/TokenStatus.tsx';
import { fieldProps, submitFailure } from '../../../components/form/form-helpers.ts';
import { AuthForm } from '../components/AuthForm.tsx';
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
      setFormError(submitFailure(form, error, FIELDS, t('setPassword.invalid')));
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
      <AuthForm
        label={t('setPassword.title')}
        onSubmit={onSubmit}
        errors={formError}
        submitLabel={t('setPassword.submit')}
        submitting={form.isSubmitting}
      >
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          autoFocus
          required
        />
        <PasswordField
          {...fieldProps(form, 'password_confirmation', t)}
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
