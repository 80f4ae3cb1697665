import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StaffSignInAnswer } from '@pc/core/contracts/staff';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
import { useStartSignIn } from '../api/start-sign-in.ts';
import { passwordStepSchema } from './schemas.ts';
import { SignInCard } from './SignInCard.tsx';

/** E-mail and password; the answer decides the next step. */
export function PasswordStep({ notice, onAnswer }: { notice: string[]; onAnswer(answer: StaffSignInAnswer, email: string): void }) {
  const { t } = useTranslation('console');
  const signIn = useStartSignIn();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useSchemaForm(passwordStepSchema, { email: '', password: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    setErrors([]);
    try {
      onAnswer(await signIn.mutateAsync(values), values.email);
    } catch (error) {
      setErrors(submitFailure(form, error, ['email', 'password'], t('signIn.failed')));
    }
  });
  return (
    <SignInCard title={t('signIn.title')} subtitle={t('signIn.subtitle')} errors={errors.length ? errors : notice} testId="sign-in-password">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('signIn.title')}>
        <TextInput {...fieldProps(form, 'email', t)} label={t('signIn.email')} type="email" autoComplete="username" required autoFocus />
        <TextInput {...fieldProps(form, 'password', t)} label={t('signIn.password')} type="password" autoComplete="current-password" required />
        <Button type="submit" variant="contained" size="large" loading={form.isSubmitting} data-testid="sign-in-submit">
          {t('signIn.submit')}
        </Button>
      </Stack>
    </SignInCard>
  );
}
