import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prerenderedPageFor, prerenderedPages, type PageRequest } from './prerendered-pages.ts';

const pages = new Map([
  ['/auth/login', new Set(['en-light', 'en-dark', 'ar-light', 'ar-dark', 'de-light', 'de-dark'])],
  ['/auth/register', new Set(['en-light'])],
]);
const guest = (request: Partial<PageRequest>): PageRequest => ({ path: '/auth/login', cookies: {}, ...request });

describe('the prerendered copy of a guest page', () => {
  it.each([
    ['the browser\'s first language', guest({ acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.8' }), 'prerendered/auth/login/ar-light.html'],
    ['English when the first language is not the app\'s (the app does not look further either)', guest({ acceptLanguage: 'it-IT,de;q=0.9' }), 'prerendered/auth/login/en-light.html'],
    ['English with no header', guest({}), 'prerendered/auth/login/en-light.html'],
    ['the kept language over the browser\'s', guest({ acceptLanguage: 'ar', cookies: { pc_lang: 'de' } }), 'prerendered/auth/login/de-light.html'],
    ['a kept language that is none of the app\'s is ignored', guest({ acceptLanguage: 'ar', cookies: { pc_lang: 'xx' } }), 'prerendered/auth/login/ar-light.html'],
    ['the kept scheme', guest({ cookies: { pc_scheme: 'dark' } }), 'prerendered/auth/login/en-dark.html'],
    ['the device\'s scheme from its hint', guest({ schemeHint: '"dark"' }), 'prerendered/auth/login/en-dark.html'],
    ['the kept scheme over the hint', guest({ schemeHint: 'dark', cookies: { pc_scheme: 'light' } }), 'prerendered/auth/login/en-light.html'],
    ['a trailing slash', guest({ path: '/auth/login/' }), 'prerendered/auth/login/en-light.html'],
    ['nothing with a session cookie', guest({ cookies: { pc_session: 'token' } }), null],
    ['nothing for a page not prerendered', guest({ path: '/dashboard' }), null],
    ['nothing for a copy the build lacks', guest({ path: '/auth/register', acceptLanguage: 'de' }), null],
  ])('%s', (_label, request, file) => {
    expect(prerenderedPageFor(request, pages)).toBe(file);
  });

  it('are found in a build by their paths and names', () => {
    const dist = mkdtempSync(join(tmpdir(), 'pc-prerendered-'));
    try {
      for (const file of ['auth/login/en-light.html', 'auth/login/ar-dark.html', 'auth/login/ar-dark.html.br', 'auth/register/en-light.html', 'auth/register/notes.txt']) {
        mkdirSync(join(dist, 'prerendered', file, '..'), { recursive: true });
        writeFileSync(join(dist, 'prerendered', file), '<!doctype html>');
      }
      expect(prerenderedPages(dist)).toEqual(new Map([
        ['/auth/login', new Set(['en-light', 'ar-dark'])],
        ['/auth/register', new Set(['en-light'])],
      ]));
      expect(prerenderedPages(join(dist, 'nothing-here'))).toEqual(new Map());
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
