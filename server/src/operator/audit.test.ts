import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { createPartner, ledgerRows } from '../money/testing.ts';
import { cardNumber, insertWallet } from '../modules/payouts/testing.ts';
import { csvField } from './audit.ts';
import { addMember, signIn } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const legacy = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/operator/v1${url}`, headers, ...(payload ? { payload } : {}) });
const auditRows = () =>
  t.ctx.database.query<{ actor_kind: string; actor_id: string | null; actor_name: string; role: string | null; action: string; target_type: string | null; target_id: string | null; before: unknown; after: unknown; ip: string | null }>(
    sql`select actor_kind, actor_id::text, actor_name, role, action, target_type, target_id, before, after, ip from staff_audit order by id`,
  );
async function site(userId: number) {
  const [row] = await t.ctx.database.query<{ id: number }>(
    sql`insert into partner_sites (user_id, project, domain, status, token) values (${userId}, 'fd1', 'spam.example', 'active', 't') returning id`,
  );
  return row!.id;
}
const siteStatus = async (id: number) => (await t.ctx.database.query<{ status: string }>(sql`select status from partner_sites where id = ${id}`))[0]!.status;

describe('audit: every change leaves its row, with who, before and after', () => {
  it('a console session, a named token and the shared token are each recorded as themselves', async () => {
    const finance = await addMember(t, 'finance', { name: 'Fiona' });
    const support = await addMember(t, 'support', { name: 'Sam' });
    const cookie = await signIn(t, finance);
    const supportCookie = await signIn(t, support);
    const admin = await addMember(t, 'admin', { name: 'Ada' });
    const adminCookie = await signIn(t, admin);
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await t.ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: p, amountMicro: 5_000_000, paymentDetails: 'paypal: p@x.test', walletType: 'paypal', actor: 'partner' }, t.clock.now()),
    );
    expect((await call('POST', `/payouts/${r.id}/status`, { cookie }, { status: 'review' })).statusCode).toBe(200);
    const token = (await call('POST', '/tokens', { cookie: adminCookie }, { name: 'payroll robot', role: 'finance' })).json();
    expect((await call('POST', '/additional-income', { authorization: `Bearer ${token.secret}` }, { user_id: p, project: 'fd1', amount: 1_000_000, reason: 'prize' })).statusCode).toBe(200);
    const siteId = await site(p);
    expect((await call('POST', `/sites/${siteId}/ban`, { cookie: supportCookie }, { reason: 'spam' })).statusCode).toBe(200);
    expect((await call('POST', '/news', legacy, { texts: { en: { title: 'Hi', body: 'There' } } })).statusCode).toBe(200);

    const rows = (await auditRows()).filter((row) => !row.action.startsWith('session.'));
    expect(rows).toEqual([
      {
        actor_kind: 'staff',
        actor_id: String(finance.id),
        actor_name: 'Fiona',
        role: 'finance',
        action: 'payout.status',
        target_type: 'payout',
        target_id: String(r.id),
        before: { status: 'created' },
        after: { status: 'review', reason: '' },
        ip: '127.0.0.1',
      },
      expect.objectContaining({ actor_kind: 'staff', actor_name: 'Ada', action: 'token.create', after: { name: 'payroll robot', role: 'finance' } }),
      expect.objectContaining({
        actor_kind: 'token',
        actor_id: String(token.token.id),
        actor_name: 'payroll robot',
        role: 'finance',
        action: 'additional_income.add',
        target_type: 'user',
        target_id: String(p),
        before: null,
      }),
      expect.objectContaining({ actor_kind: 'staff', actor_name: 'Sam', role: 'support', action: 'site.ban', before: { status: 'active' }, after: { status: 'banned', reason: 'spam' } }),
      expect.objectContaining({ actor_kind: 'legacy', actor_id: null, actor_name: 'alice', role: 'admin', action: 'news.publish', target_type: 'news' }),
    ]);
    // The payout's own history names the member too.
    const view = await call('GET', `/payouts/${r.id}`, { cookie });
    expect(view.json().history.at(-1).actor).toBe(`operator:staff:${finance.id}:Fiona`);
  });

  it('reading a whole card number is for roles that pay, and is audited; support sees it masked', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const walletId = await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'card', createdAt: t.clock.now(), confirmedAt: t.clock.now() });
    const r = await t.ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: p, amountMicro: 5_000_000, paymentDetails: 'card', walletType: 'card', walletId, actor: 'partner' }, t.clock.now()),
    );
    const support = await signIn(t, await addMember(t, 'support'));
    const masked = await call('GET', `/payouts/${r.id}`, { cookie: support });
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json().wallet.details.number).toBe(`\u2022\u2022\u2022\u2022 ${cardNumber().slice(-4)}`);
    expect((await auditRows()).filter((row) => row.action === 'payout.wallet_viewed')).toEqual([]);
    const finance = await signIn(t, await addMember(t, 'finance'));
    const whole = await call('GET', `/payouts/${r.id}`, { cookie: finance });
    expect(whole.json().wallet.details.number).toBe(cardNumber());
    expect((await auditRows()).filter((row) => row.action === 'payout.wallet_viewed')).toEqual([
      expect.objectContaining({ actor_kind: 'staff', role: 'finance', target_type: 'payout', target_id: String(r.id), after: { wallet_id: walletId } }),
    ]);
  });
});

describe('audit: the row and its change commit together', () => {
  /** Makes writing the audit row of one action fail, as a full disk or a bug would. */
  const refuseAudit = (action: string) =>
    t.ctx.database.exec(`alter table staff_audit add constraint refuse_${action.replace('.', '_')} check (action <> '${action}')`);

  it('a ban whose audit row cannot be written bans nothing', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const siteId = await site(p);
    await refuseAudit('site.ban');
    const res = await call('POST', `/sites/${siteId}/ban`, legacy, { reason: 'spam' });
    expect(res.statusCode).toBe(500);
    expect(await siteStatus(siteId)).toBe('active');
  });

  it('additional income and a payout move whose audit rows fail leave the ledger and the request as they were', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await t.ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: p, amountMicro: 5_000_000, paymentDetails: 'paypal: p@x.test', walletType: 'paypal', actor: 'partner' }, t.clock.now()),
    );
    const before = await ledgerRows(t.ctx.database, p);
    await refuseAudit('additional_income.add');
    await refuseAudit('payout.status');
    expect((await call('POST', '/additional-income', legacy, { user_id: p, project: 'fd1', amount: 1_000_000, reason: 'prize' })).statusCode).toBe(500);
    expect((await call('POST', `/payouts/${r.id}/status`, legacy, { status: 'rejected', reason: 'no' })).statusCode).toBe(500);
    expect(await ledgerRows(t.ctx.database, p)).toEqual(before);
    const [row] = await t.ctx.database.query<{ status: string }>(sql`select status from payout_requests where id = ${r.id}`);
    expect(row).toEqual({ status: 'created' });
    expect(await t.ctx.database.query(sql`select 1 from payout_request_history where request_id = ${r.id} and to_status = 'rejected'`)).toEqual([]);
    expect(await t.ctx.database.query(sql`select 1 from additional_income`)).toEqual([]);
  });

  it('a refused change leaves no row', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await t.ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: p, amountMicro: 5_000_000, paymentDetails: 'x', walletType: 'paypal', actor: 'partner' }, t.clock.now()),
    );
    expect((await call('POST', `/payouts/${r.id}/status`, legacy, { status: 'accepted' })).statusCode).toBe(409);
    expect((await call('POST', '/sites/999999/ban', legacy, { reason: 'x' })).statusCode).toBe(404);
    expect(await auditRows()).toEqual([]);
  });
});

describe('audit: append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to the application', async () => {
    expect((await call('POST', '/news', legacy, { texts: { en: { title: 'Hi', body: 'There' } } })).statusCode).toBe(200);
    await expect(t.ctx.database.exec(`update staff_audit set actor_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.exec('delete from staff_audit')).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.exec('truncate staff_audit')).rejects.toThrow(/append-only/);
    expect(await auditRows()).toEqual([expect.objectContaining({ actor_name: 'alice', action: 'news.publish' })]);
  });
});

describe('audit: reading and exporting', () => {
  it('filters by member, token, action (or a prefix), target and dates, with paging', async () => {
    const admin = await addMember(t, 'admin', { name: 'Ada' });
    let cookie = await signIn(t, admin);
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const s1 = await site(p);
    await call('POST', `/sites/${s1}/ban`, { cookie }, { reason: 'one' });
    // The next morning: the shared token publishes news, the member signs in again and sends a notification.
    t.clock.set('2026-11-21T09:00:00Z');
    await call('POST', '/news', legacy, { texts: { en: { title: 'Hi', body: 'There' } } });
    cookie = await signIn(t, admin);
    await call('POST', '/notifications', { cookie }, { all: true, texts: { en: { title: 'Hi', body: 'There' } } });
    const get = async (query: string) => {
      const res = await call('GET', `/audit?${query}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ action: string; actor: { kind: string; id: number | null; name: string } }>; meta: { total: number } };
    };
    expect((await get('')).data.map((r) => r.action)).toEqual(['notification.publish', 'session.sign_in', 'news.publish', 'site.ban', 'session.sign_in']);
    expect((await get(`staff_id=${admin.id}`)).data.map((r) => r.action)).toEqual(['notification.publish', 'session.sign_in', 'site.ban', 'session.sign_in']);
    expect((await get('actor_kind=legacy')).data.map((r) => r.actor)).toEqual([{ kind: 'legacy', id: null, name: 'alice' }]);
    expect((await get('action=site.ban')).meta.total).toBe(1);
    expect((await get('action=session.')).data.map((r) => r.action)).toEqual(['session.sign_in', 'session.sign_in']);
    expect((await get(`target=site:${s1}`)).data.map((r) => r.action)).toEqual(['site.ban']);
    expect((await get('target=news')).data.map((r) => r.action)).toEqual(['news.publish']);
    expect((await get('from=2026-11-21')).meta.total).toBe(3);
    expect((await get('to=2026-11-20')).meta.total).toBe(2);
    expect((await get('from=2026-11-21T09:00:00Z&to=2026-11-21T09:00:00.001Z')).meta.total).toBe(3);
    expect((await get('from=2026-11-20T12:00:00.001%2B00:00')).meta.total).toBe(3);
    const page2 = await get('per_page=3&page=2');
    expect(page2.data.map((r) => r.action)).toEqual(['site.ban', 'session.sign_in']);
    expect(page2.meta.total).toBe(5);
    expect((await call('GET', '/audit?from=yesterday', { cookie })).statusCode).toBe(422);
    expect((await call('GET', '/audit?action=a%00b', { cookie })).statusCode).toBe(422);
  });

  it('exports every matching row as CSV, escaped, and audits the export', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const s1 = await site(p);
    await call('POST', `/sites/${s1}/ban`, { ...legacy, 'x-operator': 'bob' }, { reason: 'says "hi", twice\nand =cmd' });
    const admin = await signIn(t, await addMember(t, 'admin', { name: '=HYPERLINK("x")' }));
    const res = await call('GET', '/audit.csv?action=site.ban', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-2026-11-20-12-00-00\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,at,actor_kind,actor_id,actor_name,role,action,target_type,target_id,before,after,ip');
    expect(lines[1]).toBe(
      `1,2026-11-20T12:00:00.000Z,legacy,,bob,admin,site.ban,site,${s1},"{""status"":""active""}","{""reason"":""says \\""hi\\"", twice\\nand =cmd"",""status"":""banned""}",127.0.0.1`,
    );
    expect(lines.slice(2)).toEqual(['']);
    const exported = (await auditRows()).filter((r) => r.action === 'audit.export');
    expect(exported).toEqual([expect.objectContaining({ actor_name: '=HYPERLINK("x")', target_type: 'audit', after: { filters: { action: 'site.ban' }, rows: 1 } })]);
    // A second export lists the first one; a name that reads as a formula is not one in a spreadsheet.
    const again = await call('GET', '/audit.csv?action=audit.export', { cookie: admin });
    expect(again.body).toContain(`,staff,`);
    expect(again.body).toContain(`,"'=HYPERLINK(""x"")",admin,audit.export,`);
  });

  it('csvField quotes and defuses what it must', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-5')).toBe('-5');
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField({ a: 'x"y' })).toBe('"{""a"":""x\\""y""}"');
  });
});

describe('operator API: texts are refused with control characters, and nothing changes', () => {
  it('a NUL in a ban reason is a 422 and the site stays as it was', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const siteId = await site(p);
    const res = await call('POST', `/sites/${siteId}/ban`, legacy, { reason: 'spam\u0000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reason).toEqual(['reason must not contain control characters']);
    expect(await siteStatus(siteId)).toBe('active');
    expect(await auditRows()).toEqual([]);
    // A long reason may have lines and tabs.
    expect((await call('POST', `/sites/${siteId}/ban`, legacy, { reason: 'spam:\n\t- link farm' })).statusCode).toBe(200);
  });

  it('everywhere else a text is taken', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await t.ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: p, amountMicro: 5_000_000, paymentDetails: 'x', walletType: 'paypal', actor: 'partner' }, t.clock.now()),
    );
    const admin = await signIn(t, await addMember(t, 'admin'));
    const refusals: Array<[string, 'POST' | 'PATCH', object]> = [
      [`/payouts/${r.id}/status`, 'POST', { status: 'rejected', reason: 'no\u0000' }],
      ['/additional-income', 'POST', { user_id: p, project: 'fd1', amount: 5, reason: 'x\u0007' }],
      ['/news', 'POST', { texts: { en: { title: 'a\u001b[2J', body: 'b' } } }],
      ['/news', 'POST', { texts: { en: { title: 'a', body: 'b\u0000' } } }],
      ['/news', 'POST', { texts: { en: { title: 'two\nlines', body: 'b' } } }],
      ['/notifications', 'POST', { all: true, texts: { en: { title: 'a', body: '\u0085' } } }],
      ['/settings', 'PATCH', { changes: { siteBonus: { label: 'x\u0000' } } }],
      ['/staff', 'POST', { email: 'n@staff.test', name: 'N\u0000', role: 'support' }],
      ['/tokens', 'POST', { name: 'robot\u0000', role: 'support' }],
    ];
    for (const [url, method, body] of refusals) {
      const res = await call(method, url, { cookie: admin }, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
    }
    const [row] = await t.ctx.database.query<{ status: string }>(sql`select status from payout_requests where id = ${r.id}`);
    expect(row).toEqual({ status: 'created' });
    for (const table of ['news', 'notifications', 'additional_income', 'operator_tokens'])
      expect(await t.ctx.database.query(sql.raw(`select 1 from ${table}`)), table).toEqual([]);
    expect((await t.ctx.database.query(sql`select 1 from staff`)).length).toBe(1);
    expect((await auditRows()).map((a) => a.action)).toEqual(['session.sign_in']);
  });
});
