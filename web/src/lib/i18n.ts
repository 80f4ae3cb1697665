import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, isLangCode, type LangCode } from '@pc/core/locales';
import { setRequestLanguage } from './http.ts';
import { storage } from './storage.ts';
import { loadRtlPlugin } from './rtl.ts';

/** Namespaces every page needs: loaded with the language at start. */
export const START_NAMESPACES = ['common', 'nav', 'auth', 'dialogs'] as const;
/** Namespaces of the screens: each arrives with the first page that needs it (lazyPage). */
export const SCREEN_NAMESPACES = ['kit', 'dashboard', 'stats', 'earnings', 'settings', 'payouts', 'faq', 'apikey', 'news', 'alerts', 'postbacks', 'videoplayer', 'referrals', 'start', 'plans', 'sites', 'buyers', 'notme', 'statements', 'tags'] as const;
/** The web app's namespaces, one per feature. errors/validation/fields/mail belong to the server. */
export const NAMESPACES = [...START_NAMESPACES, ...SCREEN_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

// One lazy chunk per language and namespace: a language is downloaded only when it is chosen.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/{common,nav,auth,dialogs}.json');

type Loader = () => Promise<{ default: Record<string, unknown> }>;

export function loaderFor(lang: string, ns: string): Loader | undefined {
  if ((SCREEN_NAMESPACES as readonly string[]).includes(ns)) {
    // The screens' loader table stays out of the entry (guests never need it).
    return () => import('./screen-locales.ts').then((m) => m.screenLoaderFor(lang, ns)?.() ?? { default: {} });
  }
  return loaders[`../../../locales/${lang}/${ns}.json`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => {
        if (namespace === 'common') rememberChunkErrorTexts(language, mod.default);
        callback(null, mod.default);
      },
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Kept for the chunk error page, which must read well when a later chunk (or the texts) cannot arrive. */
function rememberChunkErrorTexts(lang: string, common: Record<string, unknown>) {
  const chunkError = common.chunkError as { title?: unknown; message?: unknown } | undefined;
  const { title, message } = chunkError ?? {};
  const reload = common.reload;
  if (typeof title === 'string' && typeof message === 'string' && typeof reload === 'string') storage.setChunkErrorTexts(lang, { title, message, reload });
}

export const i18n = i18next.createInstance();

let initialized: Promise<unknown> | undefined;

export async function initI18n(lang: LangCode): Promise<void> {
  if (langDirection(lang) === 'rtl') await loadRtlPlugin();
  initialized ??= i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: LANGS.map((l) => l.code),
      ns: [...START_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  await initialized;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** Loads screen namespaces of the current language (and of later languages, as i18next does on change). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

export function langDirection(lang: string): 'ltr' | 'rtl' {
  return LANGS.find((l) => l.code === lang)?.dir ?? 'ltr';
}

/** <html lang dir>, and the header every API call carries. */
export function applyDocumentLanguage(lang: string) {
  setRequestLanguage(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = langDirection(lang);
  }
}

export async function changeLanguage(lang: LangCode) {
  if (langDirection(lang) === 'rtl') await loadRtlPlugin();
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** Start-up (docs/product.md#start-up): the user's lang, else the stored language, else the browser's first language part, else en. */
export function chooseLanguage(userLang: string | null | undefined, stored = storage.lang(), browser = browserLanguages()): LangCode {
  if (isLangCode(userLang)) return userLang;
  if (isLangCode(stored)) return stored;
  const first = browser[0]?.split('-')[0]?.toLowerCase();
  if (isLangCode(first)) return first;
  return DEFAULT_LANG;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
