/**
 * Records real answers of the read calls for the web app's component tests (web/src/test/fixtures/*.json):
 * signs in as the demo partner in Chromium against a running cabinet and saves each answer as it came.
 * Run against a fresh `npm start` (demo data):  BASE=http://localhost:3000 node --import tsx e2e/record-fixtures.ts
 * The component tests check every fixture against core's contracts, so a changed contract fails them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, fillSignIn } from './support.ts';

const BASE = process.env.BASE ?? 'http://localhost:3000';
const OUT = join(import.meta.dirname, '../web/src/test/fixtures');

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const page = await (await browser.newContext()).newPage();
await fillSignIn(page, BASE, 'demo@partner.test', 'demo-partner');
await page.locator('button[type=submit]').click();
await page.waitForURL(/dashboard/);

const get = (path: string) =>
  page.evaluate(async (p) => (await fetch(`/api${p}`, { headers: { 'x-localization': 'en' } })).json(), path);
const fixtures: Record<string, string> = {
  user: '/user',
  'product-settings': '/product/settings',
  'info-blocks': '/dashboard/info-blocks?period=7d',
  'earnings-by-day': '/dashboard/earnings-by-day',
  'earnings-by-month': '/dashboard/earnings-by-month',
  'storage-period': '/dashboard/storage-period',
  'unlimited-history': '/dashboard/unlimited-activation-history',
  'unused-files': '/dashboard/unused-files',
  'sources-base': '/statistics/sources/base?app=fd1&period=30d&per_page=10',
  sales: '/statistics/sales?app=fd1&period=30d&per_page=10',
  files: '/statistics/files?app=fd1&per_page=10',
  'files-copies': '/statistics/files-copies?app=fd1&per_page=10',
  'detailed-today': '/statistics/detailed/today?app=fd1',
  'detailed-base': '/statistics/detailed/base?app=fd1&period=7d&per_page=10',
  'videos-stat': '/videos/stat?app=fd1&period=7d&per_page=10',
  'videos-today': '/videos/today?app=fd1',
  'earnings-stat': '/earnings/stat?app=fd1&grouping=days',
  'earnings-today': '/earnings/today?app=fd1',
  'gold-status': '/earnings/gold-status?app=fd1',
  settings: '/settings',
  sessions: '/settings/sessions',
  'security-info': '/security/info/password',
  plans: '/rates?app=fd1',
  'plans-simulation': '/rates/simulation?app=fd1',
};
mkdirSync(OUT, { recursive: true });
const answers: Record<string, unknown> = {};
for (const [name, path] of Object.entries(fixtures)) answers[name] = await get(path);
const firstDomain =
  (answers['sources-base'] as { data: Array<{ domain: string }> }).data.find((row) => row.domain)?.domain ??
  'example.com';
answers['sources-details'] = await get(
  `/statistics/sources/details?app=fd1&period=30d&per_page=10&domain=${encodeURIComponent(firstDomain)}`,
);
const day = (answers['detailed-base'] as { data: Array<{ date: string }> }).data[0]?.date;
answers['detailed-countries'] = await get(`/statistics/detailed/countries?app=fd1&date=${day}`);
for (const [name, body] of Object.entries(answers))
  writeFileSync(join(OUT, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
console.log(`recorded ${Object.keys(answers).length} answers into ${OUT}`);
await browser.close();
