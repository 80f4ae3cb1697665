/** The widget ships its own translations; these are its file names for the nine interface languages. */
const WIDGET_LANGS: Record<string, string> = {
  ar: 'ar',
  de: 'de',
  en: 'en',
  es: 'es-es',
  fr: 'fr-fr',
  ja: 'ja',
  pt: 'pt-br',
  ru: 'ru',
  tr: 'tr',
};

const loaders: Record<string, () => Promise<unknown>> = {
  ar: () => import('altcha/i18n/ar'),
  de: () => import('altcha/i18n/de'),
  es: () => import('altcha/i18n/es-es'),
  fr: () => import('altcha/i18n/fr-fr'),
  ja: () => import('altcha/i18n/ja'),
  pt: () => import('altcha/i18n/pt-br'),
  ru: () => import('altcha/i18n/ru'),
  tr: () => import('altcha/i18n/tr'),
};

export function widgetLanguage(lang: string): string {
  return WIDGET_LANGS[lang] ?? 'en';
}

export async function loadWidgetLanguage(lang: string): Promise<void> {
  await loadWidget();
  await loaders[lang]?.().catch(() => undefined);
}

let widget: Promise<unknown> | undefined;
let loaded = false;

/** Defines <altcha-widget> (once); its translations register into the widget's global afterwards. */
export function loadWidget(): Promise<unknown> {
  widget ??= import('altcha').then((mod) => {
    loaded = true;
    return mod;
  });
  return widget;
}

/** Whether the widget's code has arrived (a later form shows it at once). */
export function isWidgetLoaded(): boolean {
  return loaded;
}
