import type { TFunction } from 'i18next';
import { DEFAULT_LANG, isLangCode } from '@pc/core/locales';

/**
 * The widget's texts come from our own locale files (common.json `captcha`), not from the widget's language
 * packs, whose wording differs from ours (and is wrong in some languages). They are registered into the
 * widget's i18n store under our language code, which the widget is then told to use; `ar` there also makes
 * the widget lay itself out right to left.
 */
export function widgetLanguage(lang: string): string {
  return isLangCode(lang) ? lang : DEFAULT_LANG;
}

/** Texts the widget can show for a proof-of-work checkbox (its code-challenge texts are never shown here). */
export type WidgetStrings = Record<
  | 'label'
  | 'verifying'
  | 'verified'
  | 'error'
  | 'expired'
  | 'verificationRequired'
  | 'waitAlert'
  | 'footer'
  | 'ariaLinkLabel',
  string
>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Our translations of the widget's texts, for the language `t` is bound to. */
export function widgetStrings(t: TFunction): WidgetStrings {
  const ariaLinkLabel = t('common:captcha.altchaLink');
  // The footer is HTML in the widget: our sentence (escaped) around the attribution link.
  const mark = '\u2063';
  const link = `<a href="https://altcha.org/" tabindex="-1" target="_blank" rel="noopener" aria-label="${escapeHtml(ariaLinkLabel)}">ALTCHA</a>`;
  return {
    label: t('common:captcha.label'),
    verifying: t('common:captcha.verifying'),
    verified: t('common:captcha.verified'),
    error: t('common:captcha.error'),
    expired: t('common:captcha.expired'),
    verificationRequired: t('common:captcha.verificationRequired'),
    waitAlert: t('common:captcha.waitAlert'),
    footer: escapeHtml(t('common:captcha.footer', { altcha: mark })).replace(mark, link),
    ariaLinkLabel,
  };
}

/**
 * Puts our texts into the widget's store (once its code has defined the store), over its English ones, so
 * that any text we do not translate still has a value.
 */
export function setWidgetStrings(lang: string, strings: WidgetStrings): void {
  const store = (globalThis as { $altcha?: typeof globalThis.$altcha }).$altcha?.i18n;
  if (!store) return;
  store.set(widgetLanguage(lang), { ...store.get('en'), ...strings });
}

let widget: Promise<unknown> | undefined;
let loaded = false;

/** Defines <altcha-widget> (once), with its store of texts. */
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
