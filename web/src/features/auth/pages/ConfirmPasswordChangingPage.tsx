import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useConfirmPasswordChanging } from '../api/confirm-password-changing.ts';
import { TokenLinkPage } from '../components/TokenLinkPage.tsx';

/** The link that confirms a password change (user id and token). */
export default function ConfirmPasswordChangingPage() {
  const { t } = useTranslation('auth');
  const { userId = '', token = '' } = useParams();
  const confirm = useConfirmPasswordChanging();
  return (
    <TokenLinkPage
      title={t('passwordChange.title')}
      pendingText={t('passwordChange.pending')}
      successFallback={t('passwordChange.success')}
      errorFallback={t('passwordChange.invalid')}
      send={() => confirm.mutateAsync({ user_id: userId, token })}
      successAction={
        <Button component={RouterLink} to={href('dashboard')} variant="contained">
          {t('toDashboard')}
        </Button>
      }
    />
  );
}
