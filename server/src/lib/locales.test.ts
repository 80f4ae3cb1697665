import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANG_CODES } from '@pc/core';

const LOCALES = join(import.meta.dirname, '../../../locales');
const NAMESPACES = ['errors', 'validation', 'fields', 'mail'] as const;

function load(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8'));
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

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server locales', () => {
  for (const ns of NAMESPACES) {
    const en = leaves(load('en', ns));
    for (const lang of LANG_CODES) {
      it(`${lang}/${ns}.json has every key of en, non-empty, with the same placeholders`, () => {
        const other = leaves(load(lang, ns));
        const missing = [...en.keys()].filter((k) => !other.has(k));
        expect(missing).toEqual([]);
        for (const [key, text] of en) {
          const translated = other.get(key)!;
          expect(translated.trim(), `${lang}:${ns}.${key}`).not.toBe('');
          expect(placeholders(translated), `${lang}:${ns}.${key}`).toEqual(placeholders(text));
        }
        const extra = [...other.keys()].filter((k) => !en.has(k));
        expect(extra).toEqual([]);
      });
    }
  }

  it('is really translated: most texts differ from English', () => {
    for (const lang of LANG_CODES.filter((l) => l !== 'en')) {
      const en = leaves(load('en', 'errors'));
      const other = leaves(load(lang, 'errors'));
      const same = [...en].filter(([k, v]) => other.get(k) === v).length;
      expect(same, lang).toBeLessThan(en.size / 10);
    }
  });
});
