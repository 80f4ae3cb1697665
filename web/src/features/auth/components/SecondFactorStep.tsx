import { useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { isApiError } from '../../../lib/http.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { useSignInSecondFactor } from '../api/sign-in-second-factor.ts';
import { AuthForm } from './AuthForm.tsx';
import type { PendingSecondFactor } from './second-factor.ts';

/**
 * The sign-in's second step: the authenticator app's six digits, or one of the recovery codes. An expired step
 * (or a blocked account) sends the partner back to the password step with the server's message.
 */
export function SecondFactorStep({
  pending,
  onSignedIn,
  onRestart,
  extra,
}: {
  pending: PendingSecondFactor;
  onSignedIn(user: CurrentUser): Promise<void> | void;
  onRestart(message: string): void;
  /** Other ways to pass the step (a passkey). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(!pending.methods.includes('totp'));
  const [error, setError] = useState('');
  const [formError, setFormError] = useState<string[]>([]);
  const step = useSignInSecondFactor();
  const totp = pending.methods.includes('totp');

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError([]);
    const value = useRecovery ? code.trim() : code.replace(/\s+/g, '');
    if (!useRecovery && !/^\d{6}$/.test(value)) return setError(t('secondFactor.codeFormat'));
    if (useRecovery && !value) return setError(t('secondFactor.recoveryRequired'));
    setError('');
    try {
      const user = await step.mutateAsync(useRecovery ? { token: pending.token, recovery_code: value } : { token: pending.token, code: value });
      await onSignedIn(user);
    } catch (failure) {
      if (!isApiError(failure)) return setFormError([t('signInFailed')]);
      const reason = failure.body.reason;
      if (reason === 'second_factor_expired' || reason === 'account_blocked' || reason === 'account_disabled')
        return onRestart(failure.serverMessage);
      const onField = failure.errors.code ?? failure.errors.recovery_code;
      if (onField) setError(onField.join(' '));
      else setFormError([failure.serverMessage || t('signInFailed')]);
    }
  };

  if (!totp) {
    return (
      <>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('secondFactor.passkeyOnly')}
        </Typography>
        {extra}
      </>
    );
  }

  return (
    <>
      <AuthForm
        label={t('secondFactor.title')}
        onSubmit={(event) => void onSubmit(event)}
        errors={formError}
        submitLabel={t('secondFactor.submit')}
        submitting={step.isPending}
      >
        <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="second-factor-prompt">
          {useRecovery ? t('secondFactor.recoveryText') : t('secondFactor.codeText')}
        </Typography>
        <TextInput
          key={useRecovery ? 'recovery' : 'code'}
          id="second-factor-code"
          label={useRecovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(error)}
          helperText={error || ' '}
          autoComplete="one-time-code"
          required
          autoFocus
          inputProps={{ inputMode: useRecovery ? 'text' : 'numeric', dir: 'ltr', 'data-testid': 'second-factor-code' }}
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
            setError('');
          }}
          data-testid="second-factor-switch"
        >
          {useRecovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </Link>
      </AuthForm>
      {extra}
    </>
  );
}
