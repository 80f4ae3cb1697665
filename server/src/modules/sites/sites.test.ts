import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { siteAddAnswer, sitesAnswer, siteVerifyAnswer, type ProjectId, type SitesAnswer, type SiteVerifyAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInPartner, type TestPartner } from '../statistics/testing.ts';
import { send } from '../../ingest/testing.ts';
import { pinSiteHost } from './service.ts';
import { html, redirect, silent, startLocalSite, text, type LocalSite, type SiteHandler } from './testing.ts';

let t: TestApp | undefined;
let site: LocalSite | undefined;
afterEach(async () => {
  await site?.close();
  await t?.close();
  site = undefined;
  t = undefined;
});

const LOGIN_FILE = '/alice.txt';

async function open(opts: { allowPrivate?: boolean } = {}) {
  t = await createTestApp({ config: { PROJECT_URL_FD1: 'https://fd1.example.com', ...(opts.allowPrivate ? { OUTBOUND_ALLOW_PRIVATE: 'true' } : {}) } });
  site = await startLocalSite();
  const alice = await signedInPartner(t, 'Alice@mail.example.com', ['fd1', 'fd2']);
  return { t, site, alice };
}

const call = (p: TestPartner | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, lang = 'en') =>
  t!.app.inject({ method, url: `/api${url}`, headers: { ...(p ? { cookie: p.cookie } : {}), 'x-localization': lang }, ...(payload ? { payload } : {}) });

const list = async (p: TestPartner, app: ProjectId = 'fd1'): Promise<SitesAnswer> => {
  const res = await call(p, 'GET', `/sites?app=${app}`);
  expect(res.statusCode, res.body).toBe(200);
  return sitesAnswer.parse(res.json());
};

const add = async (p: TestPartner, url: string, app: ProjectId = 'fd1') => {
  const res = await call(p, 'POST', `/sites?app=${app}`, { url });
  expect(res.statusCode, res.body).toBe(200);
  return siteAddAnswer.parse(res.json()).data;
};

const verify = async (p: TestPartner, id: number, lang = 'en'): Promise<SiteVerifyAnswer> => {
  const res = await call(p, 'POST', `/sites/${id}/verify`, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return siteVerifyAnswer.parse(res.json());
};

const tokenOf = async (p: TestPartner) => (await list(p)).verification.token;

/** Sets one answer of the local site. */
const serve =
  (path: string, handler: SiteHandler) =>
  (s: LocalSite): void => {
    s.routes.set(path, handler);
  };

const siteCount = async () => Number((await t!.ctx.database.query<{ n: unknown }>(sql`select count(*) as n from partner_sites`))[0]!.n);

describe('site referrals: adding', () => {
  it('a guest gets 401 on every call', async () => {
    await open();
    for (const [method, url] of [
      ['GET', '/sites?app=fd1'],
      ['POST', '/sites?app=fd1'],
      ['POST', '/sites/1/verify'],
      ['DELETE', '/sites/1'],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? { url: 'https://blog.example.com' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([
    ['', 'Required'],
    ['not a site', 'Enter a valid site address, for example https://example.com.'],
    ['ftp://blog.example.com/', 'The address must start with http:// or https://.'],
    ['javascript:alert(1)', 'The address must start with http:// or https://.'],
    ['https://user:secret@blog.example.com/', 'Remove the user name and password from the address.'],
    ['http://127.0.0.1/', 'Enter the domain name of a public site, not an IP address or a local network name.'],
    ['http://10.0.0.1/', 'Enter the domain name of a public site, not an IP address or a local network name.'],
    ['http://169.254.169.254/latest/meta-data/', 'Enter the domain name of a public site, not an IP address or a local network name.'],
    ['http://[::1]/', 'Enter the domain name of a public site, not an IP address or a local network name.'],
    ['http://localhost:3000/', 'Enter the domain name of a public site, not an IP address or a local network name.'],
    [`https://${'a'.repeat(2_001)}.com/`, null],
  ])('refuses %j with a localized message on url, and stores nothing', async (url, message) => {
    const { alice } = await open();
    const res = await call(alice, 'POST', '/sites?app=fd1', { url });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('validation_failed');
    expect(body.errors.url).toHaveLength(1);
    if (message && message !== 'Required') expect(body.errors.url![0]).toBe(message);
    expect(await siteCount()).toBe(0);
  });

  it('keeps the domain (lower-case, without www.) and the address checks use; lists it with the verification data and the promo link', async () => {
    const { alice } = await open();
    const added = await add(alice, '  https://WWW.Blog.Example.com/some/page?x=1 ');
    expect(added).toMatchObject({ domain: 'blog.example.com', url: 'https://www.blog.example.com', status: 'not_verified', visits: null, purchases: null, conversion_bp: null, today: 0, week: 0, total: 0, verified_at: null, check_error: null });
    const answer = await list(alice);
    expect(answer.data).toEqual([added]);
    expect(answer.meta).toEqual({ page: 1, per_page: 25, total: 1 });
    expect(answer.verification).toEqual({
      login: 'alice',
      file_name: 'alice.txt',
      token: expect.stringMatching(/^pcv-[0-9a-f]{32}$/),
      meta_tag: `<meta name="partner-verification" content="${answer.verification.token}">`,
    });
    // The token is the partner's, the same on every call and for every project.
    expect((await list(alice, 'fd2')).verification.token).toBe(answer.verification.token);
    expect(answer.promo.link).toBe(`https://fd1.example.com/?aff=${alice.app.fd1}`);
    // Another project's list is its own.
    expect((await list(alice, 'fd2')).data).toEqual([]);
  });

  it('a domain once per partner and project; another partner may claim it until it is verified; a verified or banned domain cannot be claimed', async () => {
    const { t, site, alice } = await open();
    const bob = await signedInPartner(t, 'bob@mail.example.com', ['fd1']);
    const carol = await signedInPartner(t, 'carol@mail.example.com', ['fd1']);
    const first = await add(alice, 'http://blog.example.com');
    const again = await call(alice, 'POST', '/sites?app=fd1', { url: 'http://www.blog.example.com/other' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.url).toEqual(['blog.example.com is already in your list.']);
    // The same domain in the other project is another site.
    await add(alice, 'https://blog.example.com', 'fd2');
    // Bob claims it too while nobody has verified it.
    const bobs = await add(bob, 'blog.example.com');

    site.routes.set(LOGIN_FILE, text(await tokenOf(alice)));
    pinSiteHost(t.ctx, 'blog.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
    expect((await verify(alice, first.id)).verified).toBe(true);

    // Now it is Alice's: Carol cannot add it, Bob's check says so without fetching anything.
    const taken = await call(carol, 'POST', '/sites?app=fd1', { url: 'https://blog.example.com' });
    expect(taken.json().errors.url).toEqual(['blog.example.com is already verified by another partner.']);
    site.hits.length = 0;
    const bobCheck = await verify(bob, bobs.id);
    expect(bobCheck).toMatchObject({ verified: false, reason: 'taken', message: 'blog.example.com is not verified: it is already verified by another partner.' });
    expect(site.hits).toEqual([]);

    // The operator bans Alice's site: nobody can add the domain in fd1.
    const ban = await t.app.inject({
      method: 'POST',
      url: `/operator/v1/sites/${first.id}/ban`,
      headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice-staff' },
      payload: { reason: 'spam' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const banned = await call(carol, 'POST', '/sites?app=fd1', { url: 'https://blog.example.com' });
    expect(banned.json().errors.url).toEqual(['blog.example.com is banned in this project and cannot be added.']);
    expect(await siteCount()).toBe(3);
  });

  it('a project whose programme is not active answers 403', async () => {
    const { t } = await open();
    const dave = await signedInPartner(t, 'dave@mail.example.com', ['fd2']);
    expect((await call(dave, 'GET', '/sites?app=fd1')).statusCode).toBe(403);
    expect((await call(dave, 'POST', '/sites?app=fd1', { url: 'https://blog.example.com' })).statusCode).toBe(403);
    expect((await call(dave, 'GET', '/sites?app=fd3')).statusCode).toBe(422);
  });
});

describe('site referrals: verification over HTTP', () => {
  it('by the file <login>.txt at the root, against a real local site (OUTBOUND_ALLOW_PRIVATE, address typed with its port)', async () => {
    const { site, alice } = await open({ allowPrivate: true });
    const added = await add(alice, `${site.origin}/`);
    expect(added).toMatchObject({ domain: '127.0.0.1', url: site.origin });
    site.routes.set(LOGIN_FILE, text(`${await tokenOf(alice)}\r\n`));
    const answer = await verify(alice, added.id);
    expect(answer).toMatchObject({ verified: true, reason: null, message: '127.0.0.1 is verified: your file was found. The site now earns for you.' });
    expect(answer.data).toMatchObject({ status: 'active', verified_by: 'file', verified_at: '2026-11-20T12:00:00.000Z', checked_at: '2026-11-20T12:00:00.000Z', check_error: null });
    // The file was enough: the home page was not asked for.
    expect(site.hits).toEqual([LOGIN_FILE]);
    // Verifying an active site again fetches nothing.
    const again = await verify(alice, added.id);
    expect(again).toMatchObject({ verified: true, message: '127.0.0.1 is already verified.' });
    expect(site.hits).toEqual([LOGIN_FILE]);
  });

  it('by the meta tag in the home page, then the site earns the bonus and shows its figures', async () => {
    const { t, site, alice } = await open();
    pinSiteHost(t.ctx, 'www.blog.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
    const added = await add(alice, 'http://www.blog.example.com/');
    const token = await tokenOf(alice);
    site.routes.set('/', html(`<meta charset="utf-8"><META content='${token}' name="Partner-Verification">`));
    const answer = await verify(alice, added.id, 'ru');
    expect(answer.verified).toBe(true);
    expect(answer.data).toMatchObject({ status: 'active', verified_by: 'meta', visits: 0, purchases: 0, conversion_bp: null });
    expect(answer.message).not.toContain('is verified');
    expect(answer.message).toContain('blog.example.com');
    expect(site.hits).toEqual([LOGIN_FILE, '/']);

    // Bob's visitors came from Alice's site and bought: Alice earns the bonus (10% of 20 USD), the visits count.
    const bob = await signedInPartner(t, 'bob@mail.example.com', ['fd1']);
    const at = '2026-11-20T11:00:00Z';
    const ingest = await send(t.app, 'fd1', [
      { id: 'h1', type: 'page_hit', at, app_users_id: bob.app.fd1, file_id: 'f1', referrer: 'https://www.blog.example.com/post/1' },
      { id: 'h2', type: 'page_hit', at, app_users_id: bob.app.fd1, file_id: 'f1', referrer: 'https://blog.example.com/post/2' },
      { id: 'h3', type: 'page_hit', at, app_users_id: bob.app.fd1, file_id: 'f1', referrer: 'https://blog.example.com/post/3' },
      { id: 'h4', type: 'page_hit', at, app_users_id: bob.app.fd1, file_id: 'f1', referrer: 'https://blog.example.com/post/4' },
      { id: 's1', type: 'sale', at, app_users_id: bob.app.fd1, sale_id: 'S1', amount_micro: 20_000_000, revenue_type: 'site_referral', file_id: 'f1', site_domain: 'blog.example.com', referrer: 'https://blog.example.com/post/1', buyer_email: 'b@x.example', payment_system: 'card', tariff: '30 days', country: 'DE' },
      { id: 's0', type: 'sale', at: '2026-11-10T11:00:00Z', app_users_id: bob.app.fd1, sale_id: 'S0', amount_micro: 10_000_000, revenue_type: 'site_referral', file_id: 'f1', site_domain: 'blog.example.com', buyer_email: 'c@x.example', payment_system: 'card', tariff: '30 days', country: 'DE' },
      // A sale from another site earns Alice nothing.
      { id: 's2', type: 'sale', at, app_users_id: bob.app.fd1, sale_id: 'S2', amount_micro: 20_000_000, revenue_type: 'site_referral', file_id: 'f1', site_domain: 'other.example.com', buyer_email: 'b@x.example', payment_system: 'card', tariff: '30 days', country: 'DE' },
    ]);
    expect(ingest.body.accepted).toBe(7);
    const [row] = (await list(alice)).data;
    expect(row).toMatchObject({ domain: 'blog.example.com', visits: 4, purchases: 2, conversion_bp: 5_000, today: 2_000_000, week: 2_000_000, total: 3_000_000 });
    // The list's earnings are the engine's site-referral earnings.
    const [daily] = await t.ctx.database.query<{ site: unknown }>(sql`select sum(site_earned_micro) as site from ingest_daily where user_id = ${alice.id} and project = 'fd1'`);
    expect(Number(daily!.site)).toBe(row!.total);
    // A refund takes its bonus back.
    await send(t.app, 'fd1', [{ id: 'r1', type: 'sale_status', at: '2026-11-20T11:30:00Z', app_users_id: bob.app.fd1, sale_id: 'S1', status: 'refund' }]);
    expect((await list(alice)).data[0]).toMatchObject({ today: 0, total: 1_000_000, purchases: 1 });
  });

  describe.each([
    ['not_found', 'not_found', serve('/', html('<meta name="description" content="A blog">')), 'neither the file nor the meta tag was found.'],
    ['bad_status (home page)', 'bad_status', serve('/nothing', text('')), 'answered with an error (HTTP 404)'],
    ['token_wrong (file)', 'token_wrong', serve(LOGIN_FILE, text('pcv-0123456789abcdef0123456789abcdef')), 'the file or the meta tag holds a different code'],
    ['token_wrong (meta)', 'token_wrong', serve('/', html('<meta name="partner-verification" content="pcv-someone-else">')), 'holds a different code'],
    ['too_large', 'too_large', serve(LOGIN_FILE, text('x'.repeat(1024 * 1024 + 10))), 'too large to check'],
    ['bad_status', 'bad_status', serve(LOGIN_FILE, text('oops', 500)), 'answered with an error (HTTP 500)'],
    ['too_many_redirects', 'too_many_redirects', serve(LOGIN_FILE, redirect(LOGIN_FILE)), 'redirects too many times'],
  ] as const)('fails with %s', (_label, reason, arrange, message) => {
    it('answers why, keeps the reason on the site, leaves it not verified', async () => {
      const { t, site, alice } = await open();
      pinSiteHost(t.ctx, 'shop.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
      const added = await add(alice, 'http://shop.example.com');
      arrange(site);
      const answer = await verify(alice, added.id);
      expect(answer).toMatchObject({ verified: false, reason });
      expect(answer.message.startsWith('shop.example.com is not verified: ')).toBe(true);
      expect(answer.message).toContain(message);
      expect(answer.data).toMatchObject({ status: 'not_verified', check_error: reason, checked_at: '2026-11-20T12:00:00.000Z', check_status: reason === 'bad_status' ? Number(/HTTP (\d+)/.exec(message)![1]) : null });
      const [row] = await t.ctx.database.query(sql`select status, verified_at from partner_sites where id = ${added.id}`);
      expect(row).toEqual({ status: 'not_verified', verified_at: null });
    });
  });

  it('fails with timeout when the site does not answer within the deadline (5 s)', async () => {
    const { t, site, alice } = await open();
    pinSiteHost(t.ctx, 'slow.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
    const added = await add(alice, 'http://slow.example.com');
    site.routes.set(LOGIN_FILE, silent);
    const started = Date.now();
    const answer = await verify(alice, added.id);
    expect(answer).toMatchObject({ verified: false, reason: 'timeout', message: 'slow.example.com is not verified: the site did not answer in time.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(9_000);
    // The home page is not asked after a timeout: the same site would keep the partner waiting again.
    expect(site.hits).toEqual([LOGIN_FILE]);
  }, 20_000);

  it('fails with no_answer when nothing listens there', async () => {
    const { t, site: down, alice } = await open();
    const closedPort = down.port;
    await down.close();
    pinSiteHost(t.ctx, 'down.example.com', { address: '127.0.0.1', port: closedPort, trusted: true });
    const added = await add(alice, 'http://down.example.com');
    expect(await verify(alice, added.id)).toMatchObject({ verified: false, reason: 'no_answer' });
    site = undefined;
  });
});

describe('site referrals: the check never reaches private addresses (OUTBOUND_ALLOW_PRIVATE off)', () => {
  it.each([
    ['127.0.0.1', 'loop.example.com'],
    ['10.0.0.1', 'ten.example.com'],
    ['169.254.169.254', 'metadata.example.com'],
    ['::1', 'six.example.com'],
  ])('a name resolving to %s is refused before connecting', async (address, host) => {
    const { t, site, alice } = await open();
    // The name resolves (as DNS would answer) to the private address; the local site serves the right file.
    pinSiteHost(t.ctx, host, { address, port: site.port });
    site.routes.set(LOGIN_FILE, text(await tokenOf(alice)));
    const added = await add(alice, `http://${host}/`);
    const answer = await verify(alice, added.id);
    expect(answer).toMatchObject({ verified: false, reason: 'address_not_allowed' });
    expect(answer.message).toBe(`${host} is not verified: its address leads to a private or local network, which the check does not visit.`);
    expect(site.hits).toEqual([]);
  });

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/alice.txt`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/alice.txt`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a local name', (port: number) => `http://localhost:${port}/alice.txt`],
  ])('a redirect to %s is refused: only the first, public hop is asked', async (_label, target) => {
    const { t, site, alice } = await open();
    // A public site (its address allowed as such) that redirects to a private one serving the right file.
    pinSiteHost(t.ctx, 'redirector.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
    site.routes.set(LOGIN_FILE, redirect(target(site.port)));
    const added = await add(alice, 'http://redirector.example.com');
    const answer = await verify(alice, added.id);
    expect(answer).toMatchObject({ verified: false, reason: 'address_not_allowed' });
    expect(site.hits).toEqual([LOGIN_FILE]);
  });
});

describe('site referrals: other partners and deletion', () => {
  it("another partner's site answers 404 to verify and delete, and is not listed", async () => {
    const { t, alice } = await open();
    const bob = await signedInPartner(t, 'bob@mail.example.com', ['fd1']);
    const bobs = await add(bob, 'https://bob.example.com');
    expect((await call(alice, 'POST', `/sites/${bobs.id}/verify`)).statusCode).toBe(404);
    const del = await call(alice, 'DELETE', `/sites/${bobs.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('This site is not in your list.');
    expect((await call(alice, 'POST', '/sites/999999/verify')).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', '/sites/abc')).statusCode).toBe(422);
    expect((await list(alice)).data).toEqual([]);
    expect((await list(bob)).data.map((s) => s.status)).toEqual(['not_verified']);
  });

  it('delete is soft: the row stays as deleted, leaves the list, stops earning, and the domain may be added again', async () => {
    const { t, site, alice } = await open();
    pinSiteHost(t.ctx, 'blog.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
    site.routes.set(LOGIN_FILE, text(await tokenOf(alice)));
    const added = await add(alice, 'http://blog.example.com');
    expect((await verify(alice, added.id)).verified).toBe(true);
    const del = await call(alice, 'DELETE', `/sites/${added.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'The site has been removed.' });
    const [row] = await t.ctx.database.query<{ status: string; deleted_at: unknown }>(sql`select status, deleted_at from partner_sites where id = ${added.id}`);
    expect(row!.status).toBe('deleted');
    expect(row!.deleted_at).not.toBeNull();
    expect((await list(alice)).data).toEqual([]);
    // Gone: a second delete or a check is 404.
    expect((await call(alice, 'DELETE', `/sites/${added.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'POST', `/sites/${added.id}/verify`)).statusCode).toBe(404);
    // A deleted site earns nothing from the next sale.
    const bob = await signedInPartner(t, 'bob@mail.example.com', ['fd1']);
    await send(t.app, 'fd1', [
      { id: 's1', type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: bob.app.fd1, sale_id: 'S1', amount_micro: 20_000_000, revenue_type: 'site_referral', file_id: 'f1', site_domain: 'blog.example.com', buyer_email: 'b@x.example', payment_system: 'card', tariff: '30 days', country: 'DE' },
    ]);
    const [earned] = await t.ctx.database.query<{ site: unknown }>(sql`select coalesce(sum(site_earned_micro), 0) as site from ingest_daily where user_id = ${alice.id}`);
    expect(Number(earned!.site)).toBe(0);
    // Added again: a new, not verified site.
    const back = await add(alice, 'blog.example.com');
    expect(back.id).not.toBe(added.id);
    expect(back.status).toBe('not_verified');
    // The operator bans the live site, not the deleted one.
    const ban = (id: number) =>
      t.app.inject({ method: 'POST', url: `/operator/v1/sites/${id}/ban`, headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'staff' }, payload: { reason: 'spam' } });
    expect((await ban(added.id)).statusCode).toBe(404);
    expect((await ban(back.id)).statusCode).toBe(200);
  });

  it('a banned site can be neither verified nor removed, and stays listed as banned', async () => {
    const { t, alice } = await open();
    const added = await add(alice, 'https://spam.example.com');
    await t.ctx.database.query(sql`update partner_sites set status = 'banned' where id = ${added.id}`);
    const v = await call(alice, 'POST', `/sites/${added.id}/verify`);
    expect(v.statusCode).toBe(409);
    expect(v.json().message).toBe('This site is banned: it cannot be verified or removed.');
    expect((await call(alice, 'DELETE', `/sites/${added.id}`)).statusCode).toBe(409);
    expect((await list(alice)).data.map((s) => s.status)).toEqual(['banned']);
  });
});
