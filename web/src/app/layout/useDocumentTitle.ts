import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../router.tsx';

export function useCurrentHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle;
  }
  return undefined;
}

/** The window title follows the page: "Page · Partner Cabinet". */
export function useDocumentTitle() {
  const handle = useCurrentHandle();
  const { t, i18n } = useTranslation(['nav', 'common']);
  useEffect(() => {
    const app = t('common:appName');
    document.title = handle ? `${t(`nav:pages.${handle.titleKey}`)} · ${app}` : app;
  }, [handle, t, i18n.language]);
}
