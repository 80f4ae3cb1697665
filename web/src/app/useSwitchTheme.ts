import { useCallback, useEffect } from 'react';
import type { ThemePreference } from '@pc/core/contracts/auth';
import { colorScheme } from '../lib/color-scheme.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useChangeTheme } from '../features/account/api/change-theme.ts';

/**
 * The colour scheme of a signed-in partner: the account's choice wins over this browser's (it follows them to a new
 * device), and a switch applies at once, is kept locally and saved on the account (POST /api/theme/change).
 */
export function useSwitchTheme() {
  const user = useCurrentUser();
  const accountTheme = user?.theme;
  const { mutate } = useChangeTheme();
  useEffect(() => {
    if (accountTheme) colorScheme.set(accountTheme);
  }, [accountTheme]);
  return useCallback(
    (theme: ThemePreference) => {
      colorScheme.set(theme);
      if (user && !user.view_as) mutate(theme);
    },
    [user, mutate],
  );
}
