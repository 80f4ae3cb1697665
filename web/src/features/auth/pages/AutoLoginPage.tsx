import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changeLanguage, chooseLanguage } from '../../../lib/i18n.ts';
import { useSessionActions } from '../../../lib/session.ts';
import { href } from '../../../lib/routes.ts';
import { useAutoLoginFrom } from '../api/auto-login-from.ts';
import { TokenLinkPage } from '../components/TokenLinkPage.tsx';
import { pendingOf } from '../components/second-factor.ts';

/** Arriving from a project with a one-time token: signs in and opens the dashboard. */
export default function AutoLoginPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionActions();
  const autoLogin = useAutoLoginFrom();
  return (
    <TokenLinkPage
      title={t('autoLogin.title')}
      pendingText={t('autoLogin.pending')}
      successFallback={t('autoLogin.success')}
      errorFallback={t('autoLogin.invalid')}
      send={() => autoLogin.mutateAsync(token)}
      onSuccess={async (answer) => {
        // An account with a second factor passes it on the sign-in page (decision 0190).
        const pending = pendingOf(answer);
        if (pending) return void navigate(href('login'), { replace: true, state: { second_factor: pending } });
        const user = await session.refresh();
        if (!user) return;
        session.signedIn(user);
        await changeLanguage(chooseLanguage(user.lang));
        navigate(href('dashboard'), { replace: true });
      }}
      errorAction={
        <Button component={RouterLink} to={href('login')} variant="contained">
          {t('backToSignIn')}
        </Button>
      }
    />
  );
}
