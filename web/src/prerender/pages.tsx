import { prerenderToNodeStream } from 'react-dom/static';
import type { QueryClient } from '@tanstack/react-query';
import { LANGS, type LangCode } from '@pc/core/locales';
import { PROJECTS } from '@pc/core/projects';
import { href, type RouteName } from '../lib/routes.ts';
import { App } from '../app/App.tsx';
import { newStyleCaches } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createTestRouter, preloadPage, preloadShellPage } from '../app/router.tsx';
import { START_NAMESPACES, i18n, initI18n } from '../lib/i18n.ts';
import { colorScheme, type ColorMode } from '../lib/color-scheme.ts';
import { setSignedIn, setSignedOut, type CurrentUser } from '../lib/session.ts';

/**
 * A page as HTML, rendered at build time by the same components the browser runs, for a language and a colour scheme:
 * the server sends it in the shell so that a phone paints the page before the script has arrived (decisions 0212,
 * 0228). Its markup and its styles (Emotion's style elements, inline) only: the browser's app replaces it once it has
 * started.
 */
async function renderPage(path: string, lang: LangCode, mode: ColorMode, signIn: (queryClient: QueryClient) => Promise<void>): Promise<string> {
  await initI18n(lang);
  await i18n.loadNamespaces([...START_NAMESPACES]);
  colorScheme.set(mode);
  const queryClient = createQueryClient();
  await signIn(queryClient);
  newStyleCaches();
  const { prelude } = await prerenderToNodeStream(
    <App queryClient={queryClient} router={createTestRouter([path])} prerendering />,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const markup = fallbacksKept(Buffer.concat(chunks).toString('utf8'));
  if (INLINE_SCRIPT.test(markup)) throw new Error(`${path} (${lang}, ${mode}): the prerendered markup holds an inline script`);
  return markup;
}

/** A script element with its code inline (not one loading a file). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/;

/**
 * A part that suspended while being drawn (a chart waits for its code) is written by React after the page, hidden,
 * with an inline script that moves it into place, which the cabinet's Content Security Policy refuses. The copy keeps
 * the part's fallback where it stands (its loading block, as the app shows it until the part is ready) and drops the
 * hidden parts and the scripts, which React writes after everything else.
 */
export function fallbacksKept(markup: string): string {
  const hiddenParts = markup.indexOf('<div hidden id="S:');
  const page = hiddenParts === -1 ? markup : markup.slice(0, hiddenParts);
  return page.replaceAll(/<script(?![^>]*\ssrc=)[^>]*>[\s\S]*?<\/script>/g, '');
}

/** A guest page (sign-in, registration...), signed out (decision 0212). */
export function renderGuestPage(path: string, lang: LangCode, mode: ColorMode): Promise<string> {
  return renderPage(path, lang, mode, async (queryClient) => {
    setSignedOut(queryClient);
    await preloadPage({ pathname: path });
  });
}

/**
 * Who a partner's page is drawn for: nobody in particular. The copy shows the frame and the page as they look while
 * their reads are on their way (no name, no figures, both programmes active); the app draws the partner's own once it
 * has started (decision 0228).
 */
const ANY_PARTNER: Omit<CurrentUser, 'lang'> = {
  id: 0,
  email: '',
  first_name: '',
  last_name: '',
  contact: '',
  is_active: true,
  newsletter: false,
  app_users_id: { fd1: 0, fd2: 0 },
  login_limit_enabled: false,
  captcha_enabled: false,
  security_code_enabled: false,
  theme: 'system',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A signed-in partner's page as it looks while its reads are on their way (decision 0228). */
export function renderPartnerPage(path: string, lang: LangCode, mode: ColorMode): Promise<string> {
  return renderPage(path, lang, mode, async (queryClient) => {
    setSignedIn(queryClient, { ...ANY_PARTNER, lang });
    await preloadShellPage({ pathname: path });
  });
}

/** The guest pages prerendered: those a guest opens by their bare address (a token's pages are opened from a mail). */
export const PRERENDERED_PAGES = [href('login'), href('register'), href('restorePassword'), href('restoreAccess')];

/** A partner's screens of a project, prerendered for each project. */
const PROJECT_SCREENS = [
  'statisticsDetailed',
  'statisticsFiles',
  'statisticsFilesCopies',
  'statisticsSales',
  'statisticsSources',
  'statisticsTags',
  'videos',
  'earnings',
  'gold',
  'sites',
  'referrals',
  'buyers',
  'rates',
] as const satisfies RouteName[];

/**
 * The partner's pages prerendered (decision 0228): every screen opened by its bare address; not those of an id or a
 * token (a news article, a confirmation link), which say nothing until their read answers.
 */
export const PRERENDERED_PARTNER_PAGES = [
  ...(['dashboard', 'payouts', 'settings', 'notifications', 'news', 'faq', 'start', 'apiKey', 'videoPlayer'] as const).map((name) => href(name)),
  ...PROJECTS.flatMap((app) => PROJECT_SCREENS.map((name) => href(name, { app }))),
];

export { LANGS };
