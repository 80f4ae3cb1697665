import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANG_CODES } from '@pc/core/locales';
import { NAMESPACES } from '../lib/i18n.ts';

const LOCALES = join(import.meta.dirname, '../../../locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function load(lang: string, ns: string): Record<string, string> | null {
  const file = join(LOCALES, lang, `${ns}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : null;
}

/** Keys without their plural suffix: plural forms differ per language, the key set must not. */
const baseKeys = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, '')));

const present = LANG_CODES.filter((lang) => NAMESPACES.every((ns) => load(lang, ns) !== null));

describe('web locales', () => {
  it('all nine languages have every web namespace', () => {
    expect(present).toEqual([...LANG_CODES]);
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every language has exactly the keys of every other`, () => {
      const all = new Set<string>();
      const perLang = new Map<string, Set<string>>();
      for (const lang of LANG_CODES) {
        const data = load(lang, ns);
        if (!data) continue;
        const keys = baseKeys(Object.keys(data));
        perLang.set(lang, keys);
        keys.forEach((k) => all.add(k));
      }
      const missing: string[] = [];
      for (const [lang, keys] of perLang) for (const k of all) if (!keys.has(k)) missing.push(`${lang}/${ns}: ${k}`);
      expect(missing).toEqual([]);
    });

    it(`${ns}: plural keys have every form the language needs`, () => {
      const problems: string[] = [];
      for (const lang of LANG_CODES) {
        const data = load(lang, ns);
        if (!data) continue;
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const plurals = new Set(Object.keys(data).filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
        for (const base of plurals) for (const c of categories) if (!(`${base}_${c}` in data)) problems.push(`${lang}/${ns}: ${base}_${c}`);
      }
      expect(problems).toEqual([]);
    });

    it(`${ns}: no empty texts and interpolations match English`, () => {
      const en = load('en', ns)!;
      const problems: string[] = [];
      const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort().join(',');
      for (const lang of LANG_CODES) {
        const data = load(lang, ns);
        if (!data) continue;
        for (const [k, v] of Object.entries(data)) {
          if (!v.trim()) problems.push(`${lang}/${ns}: ${k} is empty`);
          const enKey = en[k] ?? en[k.replace(PLURAL_SUFFIX, '_other')];
          // Arabic zero/one/two forms may spell the number out instead of {{count}}.
          if (enKey !== undefined && !PLURAL_SUFFIX.test(k) && vars(enKey) !== vars(v)) problems.push(`${lang}/${ns}: ${k} placeholders differ`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  /**
   * The operator console's texts (decision 0161) are for the programme's staff, who read English or Russian: the
   * console namespace is required in those two only, with the same keys, and the console falls back to English
   * (its i18next fallbackLng) for anything else. The partner app's nine languages are not asked of it.
   */
  describe('console (English and Russian only)', () => {
    const langs = ['en', 'ru'];
    it('en and ru have it, with the same keys, every Russian plural form and the same placeholders', () => {
      const en = load('en', 'console');
      const ru = load('ru', 'console');
      expect(en).not.toBeNull();
      expect(ru).not.toBeNull();
      expect([...baseKeys(Object.keys(ru!))].sort()).toEqual([...baseKeys(Object.keys(en!))].sort());
      const problems: string[] = [];
      const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort().join(',');
      for (const lang of langs) {
        const data = load(lang, 'console')!;
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const plurals = new Set(Object.keys(data).filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
        for (const base of plurals) for (const c of categories) if (!(`${base}_${c}` in data)) problems.push(`${lang}/console: ${base}_${c}`);
        for (const [k, v] of Object.entries(data)) {
          if (!v.trim()) problems.push(`${lang}/console: ${k} is empty`);
          const enText = en![k] ?? en![k.replace(PLURAL_SUFFIX, '_other')];
          if (enText !== undefined && vars(enText) !== vars(v)) problems.push(`${lang}/console: ${k} placeholders differ`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('is not among the partner app’s namespaces (which every language must have)', () => {
      expect(NAMESPACES as readonly string[]).not.toContain('console');
    });
  });

  it('Arabic plurals have all six forms', () => {
    const dialogs = load('ar', 'dialogs')!;
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(dialogs).toHaveProperty([`security.daysLeft_${form}`]);
  });
});
