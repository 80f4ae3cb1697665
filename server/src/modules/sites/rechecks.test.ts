import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outbox } from '../payouts/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { signedInPartner } from '../statistics/testing.ts';
import { recheckDueSites } from './rechecks.ts';
import { pinSiteHost } from './service.ts';
import { html, startLocalSite, text, type LocalSite } from './testing.ts';

let t: TestApp | undefined;
let site: LocalSite | undefined;
afterEach(async () => {
  await site?.close();
  await t?.close();
  site = undefined;
  t = undefined;
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FILE = '/alice.txt';
const log = pino({ level: 'silent' });

/** Alice with blog.example.com verified by its file in fd1 (the name pinned to a local web site). */
async function verifiedSite() {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  site = await startLocalSite();
  pinSiteHost(t.ctx, 'blog.example.com', { address: '127.0.0.1', port: site.port, trusted: true });
  const alice = await signedInPartner(t, 'alice@mail.example.com', ['fd1']);
  // Signed in afresh for each call: the test moves the clock past a session's idle expiry.
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t!.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: await sessionCookie(t!.ctx.database, alice.id, t!.clock.now()) },
      ...(payload ? { payload } : {}),
    });
  const added = (await call('POST', '/sites?app=fd1', { url: 'http://blog.example.com' })).json().data;
  const token = (await call('GET', '/sites?app=fd1')).json().verification.token as string;
  site.routes.set('/', html(''));
  site.routes.set(FILE, text(token));
  expect((await call('POST', `/sites/${added.id}/verify`)).json()).toMatchObject({ verified: true });
  return { alice, id: added.id as number, token, call };
}

const state = async (id: number) =>
  (
    await t!.ctx.database.query<{ status: string; recheck_failures: number; proved_at: Date; lapsed_at: Date | null; check_error: string | null }>(
      sql`select status, recheck_failures, proved_at, lapsed_at, check_error from partner_sites where id = ${id}`,
    )
  )[0]!;
const mails = async () => (await outbox(t!.app, 'alice@mail.example.com')).filter((m) => m.kind.startsWith('site_'));
const run = () => recheckDueSites(t!.ctx, log);

describe('verified sites checked again (decision 0152)', () => {
  it('a week after its proof the file is fetched again; found, the next check is a week later', async () => {
    const { id } = await verifiedSite();
    site!.hits.length = 0;
    t!.clock.advance(7 * DAY - HOUR);
    expect(await run()).toEqual([]);
    expect(site!.hits).toEqual([]);
    t!.clock.advance(HOUR);
    expect(await run()).toEqual([{ id, outcome: 'proved' }]);
    expect(site!.hits).toEqual([FILE]);
    expect(new Date((await state(id)).proved_at).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    t!.clock.advance(6 * DAY);
    expect(await run()).toEqual([]);
  });

  it('a missing file warns the partner once, keeps the site for two retries a day apart, then the site lapses', async () => {
    const { id, token, call } = await verifiedSite();
    site!.routes.delete(FILE);
    t!.clock.advance(7 * DAY);
    expect(await run()).toEqual([{ id, outcome: 'failed' }]);
    expect(await state(id)).toMatchObject({ status: 'active', recheck_failures: 1, check_error: 'not_found' });
    const [warning] = await mails();
    expect(warning).toMatchObject({ kind: 'site_check_failed', subject: 'We could not confirm your site blog.example.com' });
    expect(warning!.text_body).toContain('On Nov 27, 2026 we could not confirm that blog.example.com (FD1) belongs to the Partner Cabinet account alice@mail.example.com: file or meta tag not found.');
    expect(warning!.text_body).toContain('the site stops being verified on Nov 29, 2026.');
    expect(warning!.text_body).toContain('http://localhost:3000/app/fd1/sites');

    // Not again within the day; the second failure mails nothing.
    t!.clock.advance(23 * HOUR);
    expect(await run()).toEqual([]);
    t!.clock.advance(HOUR);
    expect(await run()).toEqual([{ id, outcome: 'failed' }]);
    expect(await mails()).toHaveLength(1);
    // The list still shows the site active, with the failed check and when it lapses.
    const listed = (await call('GET', '/sites?app=fd1')).json().data[0];
    expect(listed).toMatchObject({ status: 'active', check_error: 'not_found', recheck: { failures: 2, lapses_at: '2026-11-29T12:00:00.000Z' } });

    t!.clock.advance(DAY);
    expect(await run()).toEqual([{ id, outcome: 'lapsed' }]);
    expect(await state(id)).toMatchObject({ status: 'not_verified', recheck_failures: 3, check_error: 'not_found' });
    const lapsed = (await mails())[1]!;
    expect(lapsed).toMatchObject({ kind: 'site_lapsed', subject: 'Your site blog.example.com is no longer verified' });
    expect(lapsed.text_body).toContain('in several checks in a row; the last one found: file or meta tag not found.');
    expect((await call('GET', '/sites?app=fd1')).json().data[0]).toMatchObject({ status: 'not_verified', lapsed_at: '2026-11-29T12:00:00.000Z', recheck: null });
    // A lapsed site is not checked again by the job; the partner verifies it again, and the count starts over.
    t!.clock.advance(30 * DAY);
    expect(await run()).toEqual([]);
    site!.routes.set(FILE, text(token));
    expect((await call('POST', `/sites/${id}/verify`)).json()).toMatchObject({ verified: true });
    expect(await state(id)).toMatchObject({ status: 'active', recheck_failures: 0, lapsed_at: null, check_error: null });
  });

  it('proven again between failures, the count starts over; the meta tag proves it as well as the file', async () => {
    const { id, token } = await verifiedSite();
    site!.routes.delete(FILE);
    t!.clock.advance(7 * DAY);
    await run();
    site!.routes.set('/', html(`<meta name="partner-verification" content="${token}">`));
    t!.clock.advance(DAY);
    expect(await run()).toEqual([{ id, outcome: 'proved' }]);
    expect(await state(id)).toMatchObject({ status: 'active', recheck_failures: 0, check_error: null });
    site!.routes.set('/', html(''));
    t!.clock.advance(7 * DAY);
    expect(await run()).toEqual([{ id, outcome: 'failed' }]);
    // A new run of failures warns again.
    expect((await mails()).map((m) => m.kind)).toEqual(['site_check_failed', 'site_check_failed']);
  });

  it('after a failed re-check the partner checks the site at once: still missing changes nothing, put back clears it', async () => {
    const { id, token, call } = await verifiedSite();
    site!.routes.delete(FILE);
    t!.clock.advance(7 * DAY);
    await run();
    const before = await state(id);
    t!.clock.advance(2 * HOUR);
    const missing = (await call('POST', `/sites/${id}/verify`)).json();
    expect(missing).toMatchObject({ verified: false, reason: 'not_found', data: { status: 'active', recheck: { failures: 1 } } });
    // The re-checks keep their course: the next one is still a day after the failed one.
    expect(await state(id)).toEqual(before);
    site!.routes.set(FILE, text(token));
    const back = (await call('POST', `/sites/${id}/verify`)).json();
    expect(back).toMatchObject({ verified: true, message: 'blog.example.com is verified: your file was found. The site now earns for you.' });
    expect(back.data).toMatchObject({ status: 'active', check_error: null, recheck: { failures: 0, proved_at: '2026-11-27T14:00:00.000Z', lapses_at: null } });
    // A site whose re-checks are fine is not fetched on request.
    site!.hits.length = 0;
    expect((await call('POST', `/sites/${id}/verify`)).json()).toMatchObject({ verified: true, message: 'blog.example.com is already verified.' });
    expect(site!.hits).toEqual([]);
  });

  it('a site removed or banned meanwhile is left as it is, and two runs at once check a site once', async () => {
    const { id } = await verifiedSite();
    t!.clock.advance(7 * DAY);
    site!.hits.length = 0;
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b]).toEqual([{ id, outcome: 'proved' }]);
    expect(site!.hits).toEqual([FILE]);

    site!.routes.delete(FILE);
    await t!.ctx.database.query(sql`update partner_sites set status = 'banned' where id = ${id}`);
    t!.clock.advance(7 * DAY);
    expect(await run()).toEqual([]);
    expect(await state(id)).toMatchObject({ status: 'banned', recheck_failures: 0 });
  });
});
