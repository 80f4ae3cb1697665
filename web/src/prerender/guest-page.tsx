import { prerenderToNodeStream } from 'react-dom/static';
import { LANGS, type LangCode } from '@pc/core/locales';
import { href } from '../lib/routes.ts';
import { App } from '../app/App.tsx';
import { newStyleCaches } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createTestRouter, preloadPage } from '../app/router.tsx';
import { START_NAMESPACES, i18n, initI18n } from '../lib/i18n.ts';
import { colorScheme, type ColorMode } from '../lib/color-scheme.ts';
import { setSignedOut } from '../lib/session.ts';

/**
 * A guest page (sign-in, registration...) as HTML, rendered at build time by the same components the browser
 * runs, for a language and a colour scheme: the server sends it in the shell so that a phone paints the form before
 * the script has arrived (decision 0212). Its markup and its styles (Emotion's style elements, inline) only: the
 * browser's app replaces it once it has started.
 */
export async function renderGuestPage(path: string, lang: LangCode, mode: ColorMode): Promise<string> {
  await initI18n(lang);
  await i18n.loadNamespaces([...START_NAMESPACES]);
  colorScheme.set(mode);
  const queryClient = createQueryClient();
  setSignedOut(queryClient);
  newStyleCaches();
  const location = { pathname: path };
  await preloadPage(location);
  const { prelude } = await prerenderToNodeStream(<App queryClient={queryClient} router={createTestRouter([path])} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The guest pages prerendered: those a guest opens by their bare address (a token's pages are opened from a mail). */
export const PRERENDERED_PAGES = [href('login'), href('register'), href('restorePassword'), href('restoreAccess')];

export { LANGS };
