import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PostbacksAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedUpPartner } from '../auth/testing.ts';
import { passPasswordCheck } from '../settings/testing.ts';
import { send } from '../../ingest/testing.ts';
import { deletePayoutRequest, insertPayoutRequest } from '../../money/payouts.ts';
import { deliverDuePostbacks, enqueuePostbacks } from '../../lib/postbacks.ts';
import { startReceiver, verifySignature, type Receiver } from './testing.ts';
import { startScheduler } from '../../jobs/scheduler.ts';
import pino from 'pino';

let t: TestApp | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  await t?.close();
  receiver = undefined;
  t = undefined;
});

const MIN = 60_000;

/** A signed-up partner with the password check passed and a programme in both projects. */
async function partner(app: TestApp, email = 'partner@example.com') {
  const { cookie, password, user } = await signedUpPartner(app.app, email);
  await passPasswordCheck(app.app, cookie, password);
  const programs = await app.ctx.database.query<{ project: string; app_user_id: string }>(
    sql`insert into partner_programs (user_id, project) values (${user.id}, 'fd1'), (${user.id}, 'fd2')
        on conflict (user_id, project) do update set project = excluded.project returning project, app_user_id`,
  );
  const appUser = Object.fromEntries(programs.map((p) => [p.project, Number(p.app_user_id)])) as Record<'fd1' | 'fd2', number>;
  return { cookie, password, userId: user.id, appUser };
}

const call = (app: TestApp, cookie: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const list = async (app: TestApp, cookie: string) => (await call(app, cookie, 'GET', '/api/postbacks')).json() as PostbacksAnswer;

const saleEvent = (id: string, appUser: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'sale',
  at: '2026-11-20T11:00:00Z',
  app_users_id: appUser,
  sale_id: `S-${id}`,
  amount_micro: 10_000_000,
  revenue_type: 'direct',
  file_id: 'f1',
  buyer_email: 'buyer@example.net',
  ...extra,
});

const run = (app: TestApp) => deliverDuePostbacks(app.ctx);

/** Waits until `done()` holds (the scheduler's first tick also starts on its own). */
async function waitFor(done: () => boolean, ms = 10_000) {
  for (const end = Date.now() + ms; !done(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('postbacks with a local receiver (OUTBOUND_ALLOW_PRIVATE=true)', () => {
  const open = async () => {
    t = await createTestApp({ config: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
    const p = await partner(t);
    const saved = await call(t, p.cookie, 'PUT', '/api/postbacks/fd1', { url: receiver.url });
    expect(saved.statusCode, saved.body).toBe(200);
    receiver.secret = saved.json().secret;
    expect(receiver.secret).toMatch(/^pbsec_[0-9a-f]{64}$/);
    return p;
  };

  it('a sale reaches the receiver signed; the receiver verifies the signature; the log shows it delivered', async () => {
    const p = await open();
    const ingest = await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    expect(ingest.body.accepted).toBe(1);
    expect(await run(t!)).toEqual({ delivered: 1, failed: 0 });
    expect(receiver!.received).toHaveLength(1);
    const got = receiver!.received[0]!;
    expect(got.signatureValid).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-postback-id']).toBe(got.body.id);
    expect(got.headers['x-postback-timestamp']).toBe(String(Date.parse('2026-11-20T12:00:00Z') / 1000));
    expect(got.body).toMatchObject({
      event: 'sale',
      project: 'fd1',
      data: { sale_id: 'S-e1', event_id: 'e1', status: 'ok', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'f1', sub_id: null },
    });
    expect(typeof got.body.data.earned_micro).toBe('number');
    // The buyer's e-mail is the file host's business, never the partner's.
    expect(got.raw).not.toContain('buyer@example.net');
    // A body changed on the way, or a signature made with another secret, does not verify.
    const header = got.headers['x-postback-signature'] as string;
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(receiver!.secret, got.raw.replace('"fd1"', '"fd2"'), header)).toBe(false);
    expect(verifySignature('pbsec_other', got.raw, header)).toBe(false);

    const log = (await list(t!, p.cookie)).projects.find((x) => x.project === 'fd1')!;
    expect(log.url).toBe(receiver!.url);
    expect(log.deliveries).toEqual([
      expect.objectContaining({ event: 'sale', state: 'delivered', attempts: 1, status_code: 200, error: null, next_attempt_at: null }),
    ]);
    // Nothing more is due.
    expect(await run(t!)).toEqual({ delivered: 0, failed: 0 });
  });

  it('a sale status change is posted too; another project or a partner without a URL gets nothing', async () => {
    const p = await open();
    await send(t!.app, 'fd1', [{ ...saleEvent('e1', p.appUser.fd1), sub_id: 'forum-x' }]);
    await send(t!.app, 'fd1', [{ id: 'e2', type: 'sale_status', at: '2026-11-20T11:30:00Z', app_users_id: p.appUser.fd1, sale_id: 'S-e1', status: 'refund' }]);
    // fd2 has no URL: its sale is not posted.
    await send(t!.app, 'fd2', [saleEvent('e3', p.appUser.fd2)]);
    await run(t!);
    expect(receiver!.received.map((r) => [r.body.event, r.body.data.status, r.signatureValid])).toEqual([
      ['sale', 'ok', true],
      ['sale_status', 'refund', true],
    ]);
    expect(receiver!.received[1]!.body.data).toMatchObject({ sale_id: 'S-e1', event_id: 'e2', earned_micro: 0 });
    // The tag (decision 0206): the sale's own, and the status change names the sale's.
    expect(receiver!.received.map((r) => r.body.data.sub_id)).toEqual(['forum-x', 'forum-x']);
  });

  it("the scheduler's tick delivers what is due", async () => {
    const p = await open();
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    const scheduler = startScheduler(t!.ctx, pino({ level: 'silent' }), { intervalMs: 3_600_000 });
    try {
      await scheduler.tick();
      await waitFor(() => receiver!.received.length === 1);
      expect(receiver!.received[0]).toMatchObject({ signatureValid: true, body: { event: 'sale' } });
    } finally {
      await scheduler.stop();
    }
  });

  it('enqueues once per event: a repeated ingest event or a repeated enqueue adds nothing', async () => {
    const p = await open();
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    const again = await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    expect(again.body.duplicates).toBe(1);
    const item = { userId: p.userId, event: 'sale' as const, eventKey: 'sale:fd1:e1', data: {} };
    expect(await enqueuePostbacks(t!.ctx.database.db, 'fd1', [item, item], t!.clock.now())).toBe(0);
    const rows = await t!.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from postback_deliveries`);
    expect(rows[0]!.n).toBe(1);
    await run(t!);
    await run(t!);
    expect(receiver!.received).toHaveLength(1);
  });

  it('retries after a 500 once the backoff has passed (manual clock), then delivers', async () => {
    const p = await open();
    receiver!.answers.push(500);
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    expect(await run(t!)).toEqual({ delivered: 0, failed: 1 });
    let [d] = (await list(t!, p.cookie)).projects[0]!.deliveries;
    expect(d).toMatchObject({ state: 'pending', attempts: 1, status_code: 500, error: 'http_status', next_attempt_at: '2026-11-20T12:01:00.000Z' });
    // Not before its time.
    t!.clock.advance(MIN - 1_000);
    expect(await run(t!)).toEqual({ delivered: 0, failed: 0 });
    t!.clock.advance(1_000);
    expect(await run(t!)).toEqual({ delivered: 1, failed: 0 });
    [d] = (await list(t!, p.cookie)).projects[0]!.deliveries;
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, status_code: 200, error: null, delivered_at: '2026-11-20T12:01:00.000Z' });
    // Both attempts carried the same id and a valid signature.
    expect(receiver!.received.map((r) => [r.body.id, r.signatureValid])).toEqual([
      [d!.id.toString(), true],
      [d!.id.toString(), true],
    ]);
  });

  it('gives up 24 hours after the first attempt', async () => {
    const p = await open();
    receiver!.answers.push(...Array<number>(20).fill(503));
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    for (let i = 0; i < 20; i++) {
      await run(t!);
      const [d] = (await list(t!, p.cookie)).projects[0]!.deliveries;
      if (!d!.next_attempt_at) break;
      t!.clock.set(d!.next_attempt_at);
    }
    const [d] = (await list(t!, p.cookie)).projects[0]!.deliveries;
    expect(d).toMatchObject({ state: 'failed', attempts: 10, status_code: 503, next_attempt_at: null, last_attempt_at: '2026-11-21T12:00:00.000Z' });
  });

  it('a payout request created, moved by the operator and deleted by the partner is posted to every project URL', async () => {
    const p = await open();
    const second = await startReceiver();
    try {
      second.secret = receiver!.secret;
      expect((await call(t!, p.cookie, 'PUT', '/api/postbacks/fd2', { url: second.url })).statusCode).toBe(200);
      const { db } = t!.ctx.database;
      const now = t!.clock.now();
      // The first goes to a card in roubles: its postbacks carry what it pays in them (decision 0150).
      const conversion = { currency: 'RUB' as const, rate: '92.5058', rateDate: '2026-11-19', source: 'cbr' as const, minor: 447_953 };
      const first = await db.transaction((tx) =>
        insertPayoutRequest(tx, { userId: p.userId, amountMicro: 50_000_000, feeMicro: 1_575_000, paymentDetails: '•••• 4242 (RUB)', conversion, actor: 'partner' }, now),
      );
      const other = await db.transaction((tx) => insertPayoutRequest(tx, { userId: p.userId, amountMicro: 20_000_000, paymentDetails: 'Z1', actor: 'partner' }, now));
      const moved = await t!.app.inject({
        method: 'POST',
        url: `/operator/v1/payouts/${first.id}/status`,
        headers: { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' },
        payload: { status: 'review' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await deletePayoutRequest(db, { userId: p.userId, id: other.id }, now)).ok).toBe(true);
      // A refused move changes nothing and posts nothing.
      expect((await deletePayoutRequest(db, { userId: p.userId, id: other.id }, now)).ok).toBe(false);
      await run(t!);
      for (const r of [receiver!, second]) {
        expect(r.received.every((x) => x.signatureValid)).toBe(true);
        expect(r.received.map((x) => [x.body.event, x.body.data.payout_id, x.body.data.previous_status, x.body.data.status]).sort()).toEqual(
          [
            ['payout_status', first.id, null, 'created'],
            ['payout_status', other.id, null, 'created'],
            ['payout_status', first.id, 'created', 'review'],
            ['payout_status', other.id, 'created', 'deleted'],
          ].sort(),
        );
      }
      expect(receiver!.received[0]!.body.project).toBe('fd1');
      expect(second.received[0]!.body.project).toBe('fd2');
      const wire = { currency: 'RUB', rate: '92.5058', rate_date: '2026-11-19', source: 'cbr', amount_minor: 447_953 };
      for (const x of receiver!.received) expect(x.body.data.conversion).toEqual(x.body.data.payout_id === first.id ? wire : null);
    } finally {
      await second.close();
    }
  });

  it('sends a test event at once, tried once; a failing receiver is reported', async () => {
    const p = await open();
    const ok = await call(t!, p.cookie, 'POST', '/api/postbacks/fd1/test');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ delivered: true, message: 'The test postback was delivered (HTTP 200).', data: { event: 'test', state: 'delivered' } });
    expect(receiver!.received[0]).toMatchObject({ signatureValid: true, body: { event: 'test', project: 'fd1' } });
    receiver!.answers.push(404);
    const bad = (await call(t!, p.cookie, 'POST', '/api/postbacks/fd1/test')).json();
    expect(bad).toMatchObject({ delivered: false, message: 'The test postback was not delivered: The receiver answered HTTP 404.', data: { state: 'failed', attempts: 1 } });
    t!.clock.advance(10 * MIN);
    expect(await run(t!)).toEqual({ delivered: 0, failed: 0 });
    // No URL for fd2.
    expect((await call(t!, p.cookie, 'POST', '/api/postbacks/fd2/test')).statusCode).toBe(404);
  });

  it('rotating the secret needs the password check and signs the next postbacks with the new secret', async () => {
    const p = await open();
    const oldSecret = receiver!.secret;
    const rotated = await call(t!, p.cookie, 'POST', '/api/postbacks/secret/rotate');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(oldSecret);
    expect((await list(t!, p.cookie)).secret).toBe(newSecret);
    await call(t!, p.cookie, 'POST', '/api/postbacks/fd1/test');
    expect(receiver!.received[0]!.signatureValid).toBe(false); // the receiver still has the old secret
    receiver!.secret = newSecret;
    await call(t!, p.cookie, 'POST', '/api/postbacks/fd1/test');
    expect(receiver!.received[1]!.signatureValid).toBe(true);
    // Five minutes later the password check has run out.
    t!.clock.advance(6 * MIN);
    const refused = await call(t!, p.cookie, 'POST', '/api/postbacks/secret/rotate');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('need_security_password');
    expect((await call(t!, p.cookie, 'PUT', '/api/postbacks/fd1', { url: receiver!.url })).json().code).toBe('need_security_password');
    expect((await call(t!, p.cookie, 'DELETE', '/api/postbacks/fd1')).json().code).toBe('need_security_password');
  });

  it('removing the URL gives up its pending deliveries', async () => {
    const p = await open();
    receiver!.answers.push(500);
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    await run(t!);
    const removed = await call(t!, p.cookie, 'DELETE', '/api/postbacks/fd1');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ project: 'fd1', url: null, deliveries: [{ state: 'failed', error: 'endpoint_removed' }] });
    t!.clock.advance(MIN);
    expect(await run(t!)).toEqual({ delivered: 0, failed: 0 });
    expect((await call(t!, p.cookie, 'DELETE', '/api/postbacks/fd1')).statusCode).toBe(404);
    // New sales are not enqueued without a URL.
    await send(t!.app, 'fd1', [saleEvent('e2', p.appUser.fd1)]);
    expect((await list(t!, p.cookie)).projects[0]!.deliveries).toHaveLength(1);
  });

  it("another partner sees only its own secret, URLs and deliveries", async () => {
    const p = await open();
    await send(t!.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    const q = await partner(t!, 'other@example.com');
    expect(await list(t!, q.cookie)).toEqual({
      secret: null,
      projects: [
        { project: 'fd1', url: null, updated_at: null, deliveries: [] },
        { project: 'fd2', url: null, updated_at: null, deliveries: [] },
      ],
    });
    expect((await t!.app.inject({ url: '/api/postbacks' })).statusCode).toBe(401);
  });
});

describe('outbound rules for postbacks (no OUTBOUND_ALLOW_PRIVATE)', () => {
  it('refuses private, loopback and non-https targets when the URL is saved', async () => {
    t = await createTestApp();
    const p = await partner(t);
    const cases: Array<[string, string]> = [
      ['http://example.com/hook', 'Use an https:// address.'],
      ['https://127.0.0.1/hook', 'This address points to the server itself; use a public address.'],
      ['https://localhost:8443/hook', 'This address points to the server itself; use a public address.'],
      ['https://[::1]/hook', 'This address points to the server itself; use a public address.'],
      ['https://10.1.2.3/hook', 'This address is on a private network; use a public address.'],
      ['https://169.254.169.254/latest/meta-data/', 'This address is link-local; use a public address.'],
      ['https://[::ffff:192.168.0.1]/', 'This address is on a private network; use a public address.'],
      ['https://100.64.0.9/', 'This address is inside a carrier network; use a public address.'],
      ['ftp://example.com/', 'Use an https:// address.'],
      ['https://user:secret@example.com/', 'Leave the user name and password out of the address.'],
      ['not a url', 'Enter a valid address, such as https://example.com/postback.'],
    ];
    for (const [url, message] of cases) {
      const res = await call(t, p.cookie, 'PUT', '/api/postbacks/fd1', { url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ url: [message] });
    }
    expect(await list(t, p.cookie)).toMatchObject({ secret: null, projects: [{ url: null }, { url: null }] });
  });

  it('refuses a private target at delivery time too: the local receiver gets nothing', async () => {
    t = await createTestApp();
    receiver = await startReceiver();
    const p = await partner(t);
    // As if the address had been allowed when saved (or its DNS changed since): written straight to the table.
    const now = t.clock.now().toISOString();
    await t.ctx.database.query(sql`insert into postback_endpoints (user_id, project, url, created_at, updated_at) values (${p.userId}, 'fd1', ${receiver.url.replace('http:', 'https:')}, ${now}::timestamptz, ${now}::timestamptz)`);
    await t.ctx.database.query(sql`insert into postback_secrets (user_id, secret, created_at) values (${p.userId}, 'pbsec_test', ${now}::timestamptz)`);
    await send(t.app, 'fd1', [saleEvent('e1', p.appUser.fd1)]);
    expect(await run(t)).toEqual({ delivered: 0, failed: 1 });
    const [d] = (await list(t, p.cookie)).projects[0]!.deliveries;
    expect(d).toMatchObject({ state: 'pending', error: 'address_loopback', status_code: null, attempts: 1 });
    expect(receiver.received).toEqual([]);
    // Plain http is refused as well.
    await t.ctx.database.query(sql`update postback_endpoints set url = ${receiver.url}`);
    t.clock.advance(MIN);
    await run(t);
    expect((await list(t, p.cookie)).projects[0]!.deliveries[0]).toMatchObject({ error: 'scheme_not_allowed', attempts: 2 });
    expect(receiver.received).toEqual([]);
  });
});
