import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useRestoreAccess } from '../api/restore-access.ts';
import { TokenLinkPage } from '../components/TokenLinkPage.tsx';

/** The account unblock link from the restore-access e-mail. */
export default function UnblockAccountPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const restore = useRestoreAccess();
  return (
    <TokenLinkPage
      title={t('unblock.title')}
      pendingText={t('unblock.pending')}
      successFallback={t('unblock.success')}
      errorFallback={t('unblock.invalid')}
      send={() => restore.mutateAsync(token)}
      successAction={
        <Button component={RouterLink} to={href('login')} variant="contained">
          {t('backToSignIn')}
        </Button>
      }
      errorAction={
        <Button component={RouterLink} to={href('restoreAccess')} variant="outlined">
          {t('unblock.again')}
        </Button>
      }
    />
  );
}
