import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
import { useSubmitCode, type SecondFactor } from '../api/submit-code.ts';
import { recoveryCodeSchema, totpSchema } from './schemas.ts';
import { SignInCard } from './SignInCard.tsx';
import { TotpField } from './CodeField.tsx';
import { isFirstStepGone } from './first-step.ts';

/** The second step: the authenticator's code, or (the phone lost) one of the recovery codes. */
export function CodeStep({ onSignedIn, onRestart }: { onSignedIn(): Promise<void>; onRestart(message: string): void }) {
  const { t } = useTranslation('console');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = useSubmitCode();
  const totpForm = useSchemaForm(totpSchema, { code: '' });
  const recoveryForm = useSchemaForm(recoveryCodeSchema, { code: '' });
  const form = recovery ? recoveryForm : totpForm;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setErrors([]);
    const body: SecondFactor = recovery ? { recovery_code: code } : { code };
    try {
      await submit.mutateAsync(body);
      await onSignedIn();
    } catch (error) {
      const messages = submitFailure(form, error, ['code'], t(recovery ? 'signIn.wrongRecoveryCode' : 'signIn.wrongCode'));
      if (isFirstStepGone(error)) onRestart(messages[0] ?? t('signIn.again'));
      else setErrors(messages);
    }
  });

  return (
    <SignInCard
      title={t('signIn.code.title')}
      subtitle={t(recovery ? 'signIn.code.recoverySubtitle' : 'signIn.code.subtitle')}
      errors={errors}
      testId="sign-in-code"
    >
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('signIn.code.title')}>
        {recovery ? (
          <TextInput {...fieldProps(recoveryForm, 'code', t)} id="field-recovery-code" label={t('signIn.code.recoveryCode')} autoComplete="off" required autoFocus />
        ) : (
          <TotpField form={totpForm} label={t('signIn.code.code')} t={t} />
        )}
        <Button type="submit" variant="contained" size="large" loading={form.isSubmitting} data-testid="code-submit">
          {t('signIn.code.submit')}
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setErrors([]);
            setRecovery((r) => !r);
          }}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="toggle-recovery"
        >
          {t(recovery ? 'signIn.code.useAuthenticator' : 'signIn.code.useRecovery')}
        </Link>
      </Stack>
    </SignInCard>
  );
}
