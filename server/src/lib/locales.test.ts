import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANG_CODES } from '@pc/core';

const LOCALES = join(import.meta.dirname, '../../../locales');
/** The namespaces the server translates (errors, field messages, mails, module errors). */
const NAMESPACES = ['errors', 'validation', 'fields', 'mail', 'statistics', 'unlimited', 'operator', 'money', 'account', 'postbacks', 'help', 'alerts', 'webmaster', 'statements'] as const;
/** Operator-facing: English is required, other languages are optional (the server falls back to English). */
const ENGLISH_ONLY = new Set<string>(['operator']);
/** The web app's namespaces, checked here only for French typography and the product name. */
const WEB_NAMESPACES = ['common', 'nav', 'auth', 'dialogs'] as const;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Arabic (and any language) may spell these forms out ("one minute", "two minutes") instead of {{count}}. */
const SPELLED_FORMS = /_(zero|one|two)$/;

function load(lang: string, ns: string): Record<string, unknown> | null {
  const file = join(LOCALES, lang, `${ns}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Every leaf key as a dotted path, with its text. */
function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [p, s] of leaves(v as Record<string, unknown>, path)) out.set(p, s);
    else out.set(path, String(v));
  }
  return out;
}

const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
const withoutCount = (s: string) => placeholders(s).filter((p) => p !== 'count');

describe('server locales', () => {
  for (const ns of NAMESPACES) {
    const enData = load('en', ns);
    it(`en/${ns}.json exists`, () => expect(enData).not.toBeNull());
    if (!enData) continue;
    const en = leaves(enData);
    const enPluralBases = new Set([...en.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
    const enBases = new Set([...en.keys()].map(base));

    for (const lang of LANG_CODES) {
      const data = load(lang, ns);
      if (!data && ENGLISH_ONLY.has(ns)) continue;

      it(`${lang}/${ns}.json has every key of en (plural forms aside), non-empty, with the same placeholders`, () => {
        expect(data, `${lang}/${ns}.json is missing`).not.toBeNull();
        const other = leaves(data!);
        const bases = new Set([...other.keys()].map(base));
        expect([...enBases].filter((k) => !bases.has(k)), 'missing').toEqual([]);
        expect([...bases].filter((k) => !enBases.has(k)), 'not in en').toEqual([]);
        for (const [key, text] of other) {
          expect(text.trim(), `${lang}:${ns}.${key}`).not.toBe('');
          if (!PLURAL_SUFFIX.test(key)) {
            expect(enPluralBases.has(key), `${lang}:${ns}.${key} must be split into plural forms as in en`).toBe(false);
            expect(placeholders(text), `${lang}:${ns}.${key}`).toEqual(placeholders(en.get(key)!));
            continue;
          }
          const enOther = en.get(`${base(key)}_other`);
          expect(enOther, `${lang}:${ns}.${key} is plural, but en has no ${base(key)}_other`).toBeDefined();
          expect(withoutCount(text), `${lang}:${ns}.${key}`).toEqual(withoutCount(enOther!));
          if (!SPELLED_FORMS.test(key)) expect(placeholders(text), `${lang}:${ns}.${key} must show {{count}}`).toContain('count');
        }
      });

      it(`${lang}/${ns}.json: plural keys have every form ${lang} needs`, () => {
        const other = leaves(data!);
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const bases = new Set([...other.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
        const problems = [...bases].flatMap((b) => categories.filter((c) => !other.has(`${b}_${c}`)).map((c) => `${b}_${c}`));
        expect(problems).toEqual([]);
      });
    }

    it(`${ns}: a text that shows {{count}} is a plural key`, () => {
      const problems: string[] = [];
      for (const lang of LANG_CODES) {
        const data = load(lang, ns);
        if (!data) continue;
        for (const [key, text] of leaves(data)) if (!PLURAL_SUFFIX.test(key) && placeholders(text).includes('count')) problems.push(`${lang}:${ns}.${key}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('a count is chosen per language: Russian three forms, Arabic six, in the reset mail and the length messages', () => {
    const ru = leaves(load('ru', 'mail')!);
    const ar = leaves(load('ar', 'validation')!);
    for (const form of ['one', 'few', 'many', 'other']) expect(ru.has(`password_reset.note_${form}`), form).toBe(true);
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(ar.has(`min_length_${form}`), form).toBe(true);
  });

  it('is really translated: most texts differ from English', () => {
    for (const lang of LANG_CODES.filter((l) => l !== 'en')) {
      const en = leaves(load('en', 'errors')!);
      const other = leaves(load(lang, 'errors')!);
      const same = [...en].filter(([k, v]) => other.get(k) === v).length;
      expect(same, lang).toBeLessThan(en.size / 10);
    }
  });

  it('the mails name the product as the web app does (locales/<lang>/GLOSSARY.md)', () => {
    for (const lang of LANG_CODES) {
      const appName = leaves(load(lang, 'common')!).get('appName');
      expect(leaves(load(lang, 'mail')!).get('common.product'), lang).toBe(appName);
    }
  });

  it('French: a non-breaking space before ? ! : ; and inside « », never an ordinary one, in every namespace', () => {
    const problems: string[] = [];
    const every = readdirSync(join(LOCALES, 'fr')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
    expect(every).toEqual(expect.arrayContaining([...NAMESPACES.filter((ns) => !ENGLISH_ONLY.has(ns)), ...WEB_NAMESPACES]));
    for (const ns of every) {
      const data = load('fr', ns);
      if (!data) continue;
      for (const [key, text] of leaves(data)) {
        // "https://" and a time such as 00:00 are not French punctuation.
        const bad = /[^\u00a0\u202f](?:[?!;]|:(?!\/\/|\d))|«[^\u00a0\u202f]|[^\u00a0\u202f]»/.exec(text.replace(/\{\{\s*\w+\s*\}\}/g, 'x'));
        if (bad) problems.push(`fr:${ns}.${key} near "${bad[0]}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});
