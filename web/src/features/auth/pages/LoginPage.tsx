import { lazy, Suspense, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaptchaHandle } from '../../../components/captcha/Captcha.tsx';
import { changeLanguage, chooseLanguage } from '../../../lib/i18n.ts';
import { useSessionActions } from '../../../lib/session.ts';
import { href } from '../../../lib/routes.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormCaptcha } from '../components/FormCaptcha.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { fieldProps, submitFailure } from '../../../components/form/form-helpers.ts';
import { EmailField } from '../components/EmailField.tsx';
import { AuthForm } from '../components/AuthForm.tsx';
import { loginSchema } from '../components/schemas.ts';
import { pendingOf, type PendingSecondFactor } from '../components/second-factor.ts';
import { PasskeyButton } from '../components/PasskeyButton.tsx';
import { signInWithPasskey } from '../api/passkey-sign-in.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import type { CurrentUser } from '../../../lib/session.ts';

const FIELDS = ['email', 'password', 'captcha'] as const;

/** The second step loads only for an account that has one (the sign-in page's budget, decision 0042). */
const SecondFactorStep = lazy(() => import('../components/SecondFactorStep.tsx').then((m) => ({ default: m.SecondFactorStep })));
const secondFactorWithPasskey = (token: string) => import('../api/passkey-second-factor.ts').then((m) => m.secondFactorWithPasskey(token));

/** Sign in: email, password, captcha; links to password recovery, account restore and registration. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSessionActions();
  const login = useLogin();
  const captcha = useRef<CaptchaHandle>(null);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useSchemaForm(loginSchema, { email: '', password: '', captcha: '' });
  // An auto-login link to an account with a second factor arrives here with its pending step.
  const [pending, setPending] = useState<PendingSecondFactor | null>(() => pendingOf(location.state));

  const finish = async () => {
    const user: CurrentUser | null = await session.refresh();
    if (!user) throw new Error('no session');
    session.signedIn(user);
    await changeLanguage(chooseLanguage(user.lang));
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from.startsWith('/') ? from : href('dashboard'), { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError([]);
    try {
      const answer = await login.mutateAsync(values);
      const next = pendingOf(answer);
      if (next) {
        setPending(next);
        return;
      }
      await finish();
    } catch (error) {
      captcha.current?.reset();
      setFormError(submitFailure(form, error, FIELDS, t('signInFailed')));
    }
  });

  const restart = (message: string) => {
    setPending(null);
    captcha.current?.reset();
    setFormError([message || t('secondFactor.expired')]);
  };

  if (pending) {
    return (
      <AuthCard
        title={t('secondFactor.title')}
        subtitle={t('secondFactor.subtitle')}
        footer={
          <Link component="button" type="button" variant="body2" onClick={() => setPending(null)} data-testid="second-factor-back">
            {t('backToSignIn')}
          </Link>
        }
      >
        <Suspense fallback={null}>
          <SecondFactorStep
            pending={pending}
            onSignedIn={finish}
            onRestart={restart}
            extra={
              pending.methods.includes('passkey') ? (
                <PasskeyButton
                  label={t('secondFactor.usePasskey')}
                  variant={pending.methods.includes('totp') ? 'outlined' : 'contained'}
                  run={() => secondFactorWithPasskey(pending.token)}
                  onSignedIn={finish}
                  onRestart={restart}
                />
              ) : null
            }
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={href('register')} sx={{ fontWeight: 600 }}>
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <AuthForm
        label={t('login.title')}
        onSubmit={onSubmit}
        errors={formError}
        submitLabel={t('login.submit')}
        submitting={form.isSubmitting}
      >
        <EmailField form={form} />
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: -0.5, mb: 1 }}
        >
          <Link component={RouterLink} to={href('restorePassword')} variant="body2">
            {t('login.forgotPassword')}
          </Link>
          <Link component={RouterLink} to={href('restoreAccess')} variant="body2">
            {t('login.restoreAccess')}
          </Link>
        </Box>
        <FormCaptcha form={form} ref={captcha} />
      </AuthForm>
      {passkeysSupported() ? (
        <>
          {/* A ruled "or" drawn with CSS: MUI's Divider would add to the sign-in page's budget (decision 0042). */}
          <Box
            sx={{
              mt: 3,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              color: 'text.secondary',
              typography: 'body2',
              '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
            }}
          >
            {t('passkey.or')}
          </Box>
          <PasskeyButton label={t('passkey.signIn')} run={signInWithPasskey} onSignedIn={finish} />
        </>
      ) : null}
    </AuthCard>
  );
}
