import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type LangCode } from '@pc/core/locales';
import { applyDocumentLanguage } from '../../lib/i18n.ts';

/**
 * The console's texts (decision 0161): an i18next instance of its own, so that its settings never reach the partner
 * app. Staff read English or Russian; the console namespace exists in those two only, and any other language, or a
 * key missing in Russian, reads English (fallbackLng) instead of showing a key.
 */
export const CONSOLE_LANGS = ['en', 'ru'] as const satisfies readonly LangCode[];
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];
/** The console's own texts, and the shared kit's (tables, filters, feedback, dialogs). */
export const CONSOLE_NAMESPACES = ['console', 'kit', 'common', 'dialogs'] as const;

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../../locales/{en,ru}/{console,kit,common,dialogs}.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../../../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export const consoleI18n = i18next.createInstance();

export function isConsoleLang(value: unknown): value is ConsoleLang {
  return typeof value === 'string' && (CONSOLE_LANGS as readonly string[]).includes(value);
}

const STORED_LANG = 'pc.console.lang';

/** The language chosen in the console's top bar, kept in this browser (apart from the partner app's choice). */
export function storedConsoleLang(): string | null {
  try {
    return window.localStorage.getItem(STORED_LANG);
  } catch {
    return null;
  }
}

function storeConsoleLang(lang: ConsoleLang) {
  try {
    window.localStorage.setItem(STORED_LANG, lang);
  } catch {
    // Storage unavailable: the choice lasts for this page view.
  }
}

/** The stored choice, else the member's language, else the browser's, as long as the console has it; else English. */
export function chooseConsoleLang(memberLang: string | null | undefined, stored = storedConsoleLang(), browser = browserLanguage()): ConsoleLang {
  for (const candidate of [stored, memberLang, browser]) if (isConsoleLang(candidate)) return candidate;
  return DEFAULT_LANG as ConsoleLang;
}

function browserLanguage(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator.languages?.[0] ?? navigator.language)?.split('-')[0]?.toLowerCase();
}

let initialized: Promise<unknown> | undefined;

export async function initConsoleI18n(lang: ConsoleLang): Promise<void> {
  initialized ??= consoleI18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...CONSOLE_LANGS],
      ns: [...CONSOLE_NAMESPACES],
      defaultNS: 'console',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  await initialized;
  if (consoleI18n.language !== lang) await consoleI18n.changeLanguage(lang);
  // <html lang>, and the language of the server's messages and of every Intl format (lib/format.ts).
  applyDocumentLanguage(lang);
}

/** The top bar's switch: applies at once and is remembered in this browser. */
export async function switchConsoleLang(lang: ConsoleLang): Promise<void> {
  storeConsoleLang(lang);
  // Before the texts change: the screens re-render with them and format through Intl in the request language.
  applyDocumentLanguage(lang);
  await consoleI18n.changeLanguage(lang);
}
