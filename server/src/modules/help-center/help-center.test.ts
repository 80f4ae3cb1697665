import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { helpCenterSsoAnswer, linksAnswer } from '@pc/core';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInPartner } from '../statistics/testing.ts';
import { HELP_CENTER_SKEW_S, HELP_CENTER_TTL_S, verifyHelpCenterToken } from './sso.ts';

const SECRET = 'help-centre-shared-secret-0123456789abcdef';
const HELP = 'https://help.partner.test/sso/login?brand=cabinet';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function configured(extra: Record<string, string> = {}) {
  t = await createTestApp({ config: { HELP_CENTER_URL: HELP, HELP_CENTER_SSO_SECRET: SECRET, ...extra } });
  const partner = await signedInPartner(t, 'ada@partner.test');
  await t.ctx.database.query(sql`update users set first_name = 'Ada', last_name = 'Lovelace', lang = 'de' where id = ${partner.id}`);
  return { t, partner };
}

/** The receiving help centre: it reads the two query parameters and checks them with the shared secret. */
function receive(url: string, now: Date, secret = SECRET) {
  const parsed = new URL(url);
  return verifyHelpCenterToken(secret, parsed.searchParams.get('sso'), parsed.searchParams.get('sig'), now);
}

describe('GET /api/help-center/sso', () => {
  it('answers the help centre with a token the help centre verifies: who, in which language, until when', async () => {
    const { t, partner } = await configured();
    const res = await partner.get('/help-center/sso', {}, { 'x-localization': 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { url } = helpCenterSsoAnswer.parse(res.json());
    expect(url.startsWith('https://help.partner.test/sso/login?')).toBe(true);
    expect(new URL(url).searchParams.get('brand')).toBe('cabinet');
    const check = receive(url, t.clock.now());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const nowS = Math.floor(t.clock.now().getTime() / 1000);
    expect(check.claims).toMatchObject({ sub: partner.id, email: 'ada@partner.test', name: 'Ada Lovelace', lang: 'ar', iss: 'partner-cabinet', aud: 'help-center', iat: nowS, exp: nowS + HELP_CENTER_TTL_S });
    // Each call is a new token.
    const again = helpCenterSsoAnswer.parse((await partner.get('/help-center/sso')).json()).url;
    expect(again).not.toBe(url);
    const second = receive(again, t.clock.now());
    expect(second.ok && second.claims.lang).toBe('en');
  });

  it('expires: refused after its lifetime (with the tolerated clock skew), and before it was issued', async () => {
    const { t, partner } = await configured();
    const { url } = helpCenterSsoAnswer.parse((await partner.get('/help-center/sso')).json());
    const issued = t.clock.now().getTime();
    expect(receive(url, new Date(issued + (HELP_CENTER_TTL_S + HELP_CENTER_SKEW_S - 1) * 1000)).ok).toBe(true);
    expect(receive(url, new Date(issued + (HELP_CENTER_TTL_S + HELP_CENTER_SKEW_S) * 1000))).toEqual({ ok: false, reason: 'expired' });
    expect(receive(url, new Date(issued - (HELP_CENTER_SKEW_S + 5) * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('a changed token, a token from another secret, or a missing signature is refused', async () => {
    const { t, partner } = await configured();
    const { url } = helpCenterSsoAnswer.parse((await partner.get('/help-center/sso')).json());
    const now = t.clock.now();
    expect(receive(url, now, 'another-secret-of-the-same-size-0123456789')).toEqual({ ok: false, reason: 'signature' });
    const forged = new URL(url);
    const claims = JSON.parse(Buffer.from(forged.searchParams.get('sso')!, 'base64url').toString('utf8'));
    forged.searchParams.set('sso', Buffer.from(JSON.stringify({ ...claims, email: 'mallory@partner.test' })).toString('base64url'));
    expect(receive(forged.toString(), now)).toEqual({ ok: false, reason: 'signature' });
    const bare = new URL(url);
    bare.searchParams.delete('sig');
    expect(receive(bare.toString(), now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('is off when no help centre is configured: 404 with a clear message, and the links say so', async () => {
    t = await createTestApp();
    const partner = await signedInPartner(t, 'ada@partner.test');
    const res = await partner.get('/help-center/sso');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'The help centre is not available. Please write to support instead.' });
    const links = linksAnswer.parse((await partner.get('/links')).json());
    expect(links).toEqual({ help_center: false, support_url: null, contact_url: null, messenger_url: null });
  });

  it('is for signed-in partners only', async () => {
    const { t } = await configured();
    const res = await t.app.inject({ method: 'GET', url: '/api/help-center/sso' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/links', () => {
  it('answers the configured links; one left empty is null (hidden), never a placeholder', async () => {
    const { partner } = await configured({ SUPPORT_URL: 'https://support.partner.test/', SUPPORT_CONTACT_URL: 'mailto:help@partner.test' });
    const links = linksAnswer.parse((await partner.get('/links')).json());
    expect(links).toEqual({ help_center: true, support_url: 'https://support.partner.test/', contact_url: 'mailto:help@partner.test', messenger_url: null });
  });
});

describe('configuration', () => {
  it('a help centre needs its secret; links must be http(s) (mailto for the contact)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', HELP_CENTER_URL: HELP })).toThrow(/HELP_CENTER_SSO_SECRET: required when HELP_CENTER_URL is set/);
    expect(() => loadConfig({ NODE_ENV: 'test', HELP_CENTER_URL: HELP, HELP_CENTER_SSO_SECRET: 'short' })).toThrow(/HELP_CENTER_SSO_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', SUPPORT_MESSENGER_URL: 'mailto:a@b.test' })).toThrow(/SUPPORT_MESSENGER_URL/);
    const ok = loadConfig({ NODE_ENV: 'test', SUPPORT_CONTACT_URL: 'mailto:help@partner.test' });
    expect(ok.SUPPORT_CONTACT_URL).toBe('mailto:help@partner.test');
    expect(ok.HELP_CENTER_URL).toBe('');
  });
});
