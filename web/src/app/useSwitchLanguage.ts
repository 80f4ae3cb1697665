import { useCallback } from 'react';
import type { LangCode } from '@pc/core/locales';
import { changeLanguage } from '../lib/i18n.ts';
import { storage } from '../lib/storage.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useChangeLang } from '../features/account/api/account.ts';

/**
 * Switching the language: it applies at once and is kept locally; a signed-in partner's choice is also
 * saved on the account (POST /api/langs/change) so that it follows them to other devices and e-mails.
 */
export function useSwitchLanguage() {
  const user = useCurrentUser();
  const { mutate } = useChangeLang();
  return useCallback(
    async (lang: LangCode) => {
      storage.setLang(lang);
      await changeLanguage(lang);
      if (user) mutate(lang);
    },
    [user, mutate],
  );
}
