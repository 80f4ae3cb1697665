import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import { rtlPlugin } from '../lib/rtl.ts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, langDirection } from '../lib/i18n.ts';
import { createAppTheme } from '../lib/theme.ts';
import { useColorScheme } from '../lib/color-scheme.ts';
import { storage } from '../lib/storage.ts';
import { PrerenderingContext } from '../lib/prerendering.ts';

const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

/** RTL needs its own emotion cache whose stylis plugin mirrors every style (docs/product.md#frame-and-navigation: the layout mirrors). */
function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  const rtl = direction === 'rtl' ? rtlPlugin() : undefined;
  // The plugin is loaded before an RTL language is applied (lib/i18n.ts changeLanguage / initI18n).
  if (direction === 'rtl' && rtl) {
    caches.rtl ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtl] });
    return caches.rtl;
  }
  caches.ltr ??= createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches.ltr;
}

/**
 * Starts the style caches anew. On a server a cache writes each style once and leaves it out of later renders, so a
 * guest page prerendered after another (decision 0212) needs caches of its own to carry all of its styles.
 */
export function newStyleCaches() {
  delete caches.ltr;
  delete caches.rtl;
}

function subscribeLanguage(listener: () => void) {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

export function useLanguage(): string {
  const current = () => i18n.language ?? 'en';
  // The same on the server: a guest page prerendered in a language (decision 0212).
  return useSyncExternalStore(subscribeLanguage, current, current);
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** Drawn at build time, for no particular screen (lib/prerendering.ts). */
  prerendering?: boolean;
  children: ReactNode;
}

export function AppProviders({ queryClient, prerendering = false, children }: AppProvidersProps) {
  const language = useLanguage();
  const direction = langDirection(language);
  const { mode } = useColorScheme();
  const theme = useMemo(() => createAppTheme(direction, mode), [direction, mode]);
  // The page's own background (boot.css) follows too, so nothing light shows past the app's edges.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    storage.rememberScheme(mode);
  }, [mode]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <CacheProvider value={emotionCache(direction)}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <PrerenderingContext.Provider value={prerendering}>{children}</PrerenderingContext.Provider>
          </ThemeProvider>
        </CacheProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
