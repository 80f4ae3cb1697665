import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentHandle } from '../../lib/route-context.ts';

/** The window title follows the page: "Page · Partner Cabinet". */
export function useDocumentTitle() {
  const handle = useCurrentHandle();
  const { t, i18n } = useTranslation(['nav', 'common']);
  useEffect(() => {
    const app = t('common:appName');
    document.title = handle ? `${t(`nav:pages.${handle.titleKey}`)} · ${app}` : app;
  }, [handle, t, i18n.language]);
}
