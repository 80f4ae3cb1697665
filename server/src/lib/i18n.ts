import i18next, { type i18n, type TOptions } from 'i18next';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { LANG_CODES, type LangCode } from '@pc/core';

const LOCALES_DIR = join(import.meta.dirname, '../../../locales');

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lang of LANG_CODES) {
    const dir = join(LOCALES_DIR, lang);
    resources[lang] = {};
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      resources[lang][file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    }
  }
  return resources;
}

let instance: i18n | undefined;

/** The server's translator over the same locales/ files the web app uses (errors, fields, mail). */
export function serverI18n(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: loadResources() as never,
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANG_CODES],
      ns: ['errors', 'validation', 'fields', 'mail'],
      defaultNS: 'errors',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return instance;
}

export function t(lang: LangCode, key: string, options: TOptions = {}): string {
  return serverI18n().t(key, { ...options, lng: lang }) as string;
}

/** A UTC calendar day in the reader's language, as the mails name one: "Nov 27, 2026", "27 нояб. 2026 г.". */
export function dayIn(lang: LangCode, at: Date): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** A moment in a message: date and time in the reader's language, UTC (as every time in the cabinet). */
export function dateTimeIn(lang: LangCode, at: Date): string {
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}
