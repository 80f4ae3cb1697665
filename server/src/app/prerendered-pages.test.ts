import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mayGetPartnerCopy, prerenderedPageFor, prerenderedPages, type PageRequest, type PrerenderedCopies } from './prerendered-pages.ts';

const pages: PrerenderedCopies = {
  guest: new Map([
    ['/auth/login', new Set(['en-light', 'en-dark', 'ar-light', 'ar-dark', 'de-light', 'de-dark'])],
    ['/auth/register', new Set(['en-light'])],
  ]),
  partner: new Map([
    ['/dashboard', new Set(['en-light', 'en-dark', 'ar-light', 'de-light'])],
    ['/app/fd1/statistics/sales', new Set(['en-light', 'de-dark'])],
  ]),
};
const guest = (request: Partial<PageRequest>): PageRequest => ({ path: '/auth/login', cookies: {}, ...request });
const partner = (request: Partial<PageRequest>): PageRequest => ({
  path: '/dashboard',
  cookies: { pc_session: 'token' },
  partner: { lang: 'en', theme: 'system' },
  ...request,
});

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
    ['no guest page with a session cookie', guest({ cookies: { pc_session: 'token' }, partner: { lang: 'en', theme: 'light' } }), null],
    ['nothing for a page not prerendered', guest({ path: '/dashboard' }), null],
    ['nothing for a copy the build lacks', guest({ path: '/auth/register', acceptLanguage: 'de' }), null],
  ])('%s', (_label, request, file) => {
    expect(prerenderedPageFor(request, pages)).toBe(file);
  });
});

describe('the prerendered copy of a partner\'s screen', () => {
  it.each([
    ['the account\'s language, not the browser\'s nor the kept one', partner({ acceptLanguage: 'de', cookies: { pc_session: 'token', pc_lang: 'de' }, partner: { lang: 'ar', theme: 'system' } }), 'prerendered-partner/dashboard/ar-light.html'],
    ['the account\'s theme over the kept scheme', partner({ cookies: { pc_session: 'token', pc_scheme: 'light' }, partner: { lang: 'en', theme: 'dark' } }), 'prerendered-partner/dashboard/en-dark.html'],
    ['the kept scheme when the account follows the device', partner({ cookies: { pc_session: 'token', pc_scheme: 'dark' } }), 'prerendered-partner/dashboard/en-dark.html'],
    ['the device\'s scheme from its hint', partner({ schemeHint: '"dark"' }), 'prerendered-partner/dashboard/en-dark.html'],
    ['a project\'s screen', partner({ path: '/app/fd1/statistics/sales/', partner: { lang: 'de', theme: 'dark' } }), 'prerendered-partner/app/fd1/statistics/sales/de-dark.html'],
    ['nothing for an ended session', partner({ partner: null }), null],
    ['nothing with a query (filters the copy does not draw)', partner({ hasQuery: true }), null],
    ['nothing for a copy the build lacks', partner({ path: '/app/fd1/statistics/sales', partner: { lang: 'ja', theme: 'light' } }), null],
    ['nothing for a screen not prerendered', partner({ path: '/news/12' }), null],
    ['nothing without a session cookie', partner({ cookies: {} }), null],
  ])('%s', (_label, request, file) => {
    expect(prerenderedPageFor(request, pages)).toBe(file);
  });

  it('ask for the session only for a partner\'s screen without a query', () => {
    expect(mayGetPartnerCopy({ path: '/dashboard', cookies: { pc_session: 'token' } }, pages)).toBe(true);
    expect(mayGetPartnerCopy({ path: '/app/fd1/statistics/sales/', cookies: { pc_session: 'token' } }, pages)).toBe(true);
    expect(mayGetPartnerCopy({ path: '/dashboard', hasQuery: true, cookies: { pc_session: 'token' } }, pages)).toBe(false);
    expect(mayGetPartnerCopy({ path: '/dashboard', cookies: {} }, pages)).toBe(false);
    expect(mayGetPartnerCopy({ path: '/auth/login', cookies: { pc_session: 'token' } }, pages)).toBe(false);
  });

  it('are found in a build by their paths and names', () => {
    const dist = mkdtempSync(join(tmpdir(), 'pc-prerendered-'));
    try {
      for (const file of ['auth/login/en-light.html', 'auth/login/ar-dark.html', 'auth/login/ar-dark.html.br', 'auth/register/en-light.html', 'auth/register/notes.txt']) {
        mkdirSync(join(dist, 'prerendered', file, '..'), { recursive: true });
        writeFileSync(join(dist, 'prerendered', file), '<!doctype html>');
      }
      mkdirSync(join(dist, 'prerendered-partner/app/fd2/rates'), { recursive: true });
      writeFileSync(join(dist, 'prerendered-partner/app/fd2/rates/ja-dark.html'), '<!doctype html>');
      expect(prerenderedPages(dist)).toEqual({
        guest: new Map([
          ['/auth/login', new Set(['en-light', 'ar-dark'])],
          ['/auth/register', new Set(['en-light'])],
        ]),
        partner: new Map([['/app/fd2/rates', new Set(['ja-dark'])]]),
      });
      expect(prerenderedPages(join(dist, 'nothing-here'))).toEqual({ guest: new Map(), partner: new Map() });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
