import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useConfirmRegistration } from '../api/confirm-registration.ts';
import { TokenLinkPage } from '../components/TokenLinkPage.tsx';

/** The registration link: "activation in progress, please wait", then activated or invalid/expired. */
export default function ConfirmRegistrationPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const confirm = useConfirmRegistration();
  const toLogin = (
    <Button component={RouterLink} to={href('login')} variant="contained" data-testid="to-sign-in">
      {t('backToSignIn')}
    </Button>
  );
  return (
    <TokenLinkPage
      title={t('confirmRegistration.title')}
      pendingText={t('confirmRegistration.pending')}
      successFallback={t('confirmRegistration.success')}
      errorFallback={t('confirmRegistration.invalid')}
      send={() => confirm.mutateAsync(token)}
      successAction={toLogin}
      errorAction={toLogin}
    />
  );
}
