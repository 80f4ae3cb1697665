import { useTranslation } from 'react-i18next';
import { useRestorePasswordRequest } from '../api/restore-password-request.ts';
import { EmailRequestForm } from '../components/EmailRequestForm.tsx';

/** Forgot password: a recovery link is sent by e-mail. */
export default function RestorePasswordPage() {
  const { t } = useTranslation('auth');
  const request = useRestorePasswordRequest();
  return (
    <EmailRequestForm
      title={t('restorePassword.title')}
      subtitle={t('restorePassword.subtitle')}
      submitLabel={t('restorePassword.submit')}
      sentFallback={t('restorePassword.sent')}
      send={request.mutateAsync}
    />
  );
}
