import { useTranslation } from 'react-i18next';
import { useRestoreAccessRequest } from '../api/restore-access-request.ts';
import { EmailRequestForm } from '../components/EmailRequestForm.tsx';

/** Restore access: a blocked account asks for an unblock link by e-mail. */
export default function RestoreAccessPage() {
  const { t } = useTranslation('auth');
  const request = useRestoreAccessRequest();
  return (
    <EmailRequestForm
      title={t('restoreAccess.title')}
      subtitle={t('restoreAccess.subtitle')}
      submitLabel={t('restoreAccess.submit')}
      sentFallback={t('restoreAccess.sent')}
      send={request.mutateAsync}
    />
  );
}
