/** The nine interface languages. `dir` drives <html dir> and the MUI theme direction. */
export const LANGS = [
  { code: 'ar', name: 'العربية', flag: '🇸🇦', dir: 'rtl' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪', dir: 'ltr' },
  { code: 'en', name: 'English', flag: '🇬🇧', dir: 'ltr' },
  { code: 'es', name: 'Español', flag: '🇪🇸', dir: 'ltr' },
  { code: 'fr', name: 'Français', flag: '🇫🇷', dir: 'ltr' },
  { code: 'ja', name: '日本語', flag: '🇯🇵', dir: 'ltr' },
  { code: 'pt', name: 'Português', flag: '🇧🇷', dir: 'ltr' },
  { code: 'ru', name: 'Русский', flag: '🇷🇺', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', flag: '🇹🇷', dir: 'ltr' },
] as const;

export type LangCode = (typeof LANGS)[number]['code'];
export const LANG_CODES = LANGS.map((l) => l.code) as [LangCode, ...LangCode[]];
export const DEFAULT_LANG: LangCode = 'en';

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && (LANG_CODES as readonly string[]).includes(value);
}

/** Picks a supported language from a header such as `X-Localization: ar` or `Accept-Language: pt-BR,pt;q=0.9`. */
export function pickLang(...candidates: Array<string | null | undefined>): LangCode {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const code = part.trim().split(';')[0]!.split('-')[0]!.toLowerCase();
      if (isLangCode(code)) return code;
    }
  }
  return DEFAULT_LANG;
}

export function langDir(code: LangCode): 'ltr' | 'rtl' {
  return LANGS.find((l) => l.code === code)!.dir;
}
