import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffSignInAnswer } from '@pc/core/contracts/staff';
import { LanguageSwitcher } from '../../../../components/LanguageSwitcher.tsx';
import { BrandMark } from '../../../../components/layout/BrandMark.tsx';
import { CONSOLE_LANGS, isConsoleLang, switchConsoleLang } from '../../../lib/i18n.ts';
import { signedOutNotice, startConsoleSession, useSignedOutNotice } from '../../../lib/session.ts';
import { AuthenticatorSetupStep, type AuthenticatorSetup } from '../components/AuthenticatorSetupStep.tsx';
import { CodeStep } from '../components/CodeStep.tsx';
import { PasswordStep } from '../components/PasswordStep.tsx';
import { RecoveryCodesStep } from '../components/RecoveryCodesStep.tsx';

type Step =
  | { name: 'password' }
  | { name: 'setup'; setup: AuthenticatorSetup; email: string }
  | { name: 'codes'; codes: string[]; email: string }
  | { name: 'code' };

/**
 * /operator/sign-in: e-mail and password, then either the authenticator's setup (first time: QR code and secret,
 * its first code, then the recovery codes shown once) or its code (or a recovery code). Nothing is signed in for
 * the console's pages until the last step is done.
 */
export default function SignInPage() {
  const { t, i18n } = useTranslation('console');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const reason = useSignedOutNotice();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('signIn.title')} · ${t('appName')}`;
  }, [t]);

  const notice = restartMessage ? [restartMessage] : reason && reason !== 'signed_out_here' ? [t(`signIn.notice.${reason}`)] : [];

  const onPassword = (answer: StaffSignInAnswer, email: string) => {
    signedOutNotice.set(null);
    setRestartMessage(null);
    setStep(answer.stage === 'setup_totp' ? { name: 'setup', setup: answer, email } : { name: 'code' });
  };
  const restart = (message: string) => {
    setRestartMessage(message);
    setStep({ name: 'password' });
  };
  const finish = async () => {
    const me = await startConsoleSession(queryClient);
    if (!me) return restart(t('signIn.again'));
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from.startsWith('/') && !from.startsWith('/sign-in') ? from : '/', { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, sm: 4 }, py: 2, gap: 1.5 }}>
        <BrandMark size={32} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {t('appName')}
          </Typography>
          <Typography noWrap variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('appSubtitle')}
          </Typography>
        </Box>
        <LanguageSwitcher
          value={i18n.language}
          langs={CONSOLE_LANGS}
          onChange={(lang) => {
            if (isConsoleLang(lang)) void switchConsoleLang(lang);
          }}
        />
      </Stack>
      <Box component="main" id="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', sm: 'center' }, px: 2, pb: 6 }}>
        <Box sx={{ width: '100%', maxWidth: step.name === 'setup' || step.name === 'codes' ? 560 : 440 }}>
          {step.name === 'password' ? <PasswordStep notice={notice} onAnswer={onPassword} /> : null}
          {step.name === 'setup' ? (
            <AuthenticatorSetupStep setup={step.setup} onConfirmed={(codes) => setStep({ name: 'codes', codes, email: step.email })} onRestart={restart} />
          ) : null}
          {step.name === 'codes' ? <RecoveryCodesStep codes={step.codes} email={step.email} onDone={finish} /> : null}
          {step.name === 'code' ? <CodeStep onSignedIn={finish} onRestart={restart} /> : null}
        </Box>
      </Box>
    </Box>
  );
}
