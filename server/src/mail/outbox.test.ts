import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPartner } from '../money/testing.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { solveCaptcha } from '../plumbing/captcha/testing.ts';
import { startScheduler } from '../jobs/scheduler.ts';
import { headerOf, plainText, startSmtpPeer, subjectOf, type ReceivedMail, type SmtpPeer } from './testing.ts';
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from './mailer.ts';

/**
 * Mail survives the SMTP peer going away (decision 0170): what could not be sent stays in the outbox and is sent
 * by the scheduler once the peer is back, each mail once.
 */
let t: TestApp | undefined;
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const OPERATOR = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
const quiet = pino({ level: 'silent' });

async function outboxRows() {
  return t!.ctx.database.query<{ id: number; to_address: string; sent_at: Date | null; attempts: number; next_attempt_at: Date | null; error: string | null }>(
    sql`select id, to_address, sent_at, attempts, next_attempt_at, error from mail_outbox order by id`,
  );
}

/** Per Message-ID, how many times the peer took it. */
const deliveries = (received: ReceivedMail[]) =>
  received.reduce((n, m) => n.set(headerOf(m.raw, 'message-id')!, (n.get(headerOf(m.raw, 'message-id')!) ?? 0) + 1), new Map<string, number>());

describe('outbox delivery', () => {
  it('keeps password and payout mails while the SMTP peer is down and sends each once when it is back', async () => {
    smtp = await startSmtpPeer();
    const { port, received } = smtp;
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { SMTP_URL: smtp.url } });
    await smtp.close();
    smtp = undefined;

    // Mails come due while the peer is away: a password reset and two payout decisions.
    await createPartner(t.ctx.database, { email: 'reset@x.test' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/restore-password/request',
      payload: { email: 'reset@x.test', captcha: await solveCaptcha(t.app) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const email of ['paid@x.test', 'refused@x.test']) {
      const p = await createPartner(t.ctx.database, { email });
      const r = await t.ctx.database.db.transaction((tx) =>
        insertPayoutRequest(tx, { userId: p, amountMicro: 20_000_000, paymentDetails: 'paypal: p@x.test', walletType: 'paypal', actor: 'partner' }, t!.clock.now()),
      );
      const move = email === 'paid@x.test' ? ['review', 'process', 'accepted'] : ['rejected'];
      for (const status of move) {
        const res = await t.app.inject({ method: 'POST', url: `/operator/v1/payouts/${r.id}/status`, headers: OPERATOR, payload: { status, reason: 'wallet closed' } });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const waiting = await outboxRows();
    expect(waiting.map((r) => r.to_address)).toEqual(['reset@x.test', 'paid@x.test', 'refused@x.test']);
    expect(waiting.every((r) => r.sent_at === null && r.attempts === 1 && r.error !== null)).toBe(true);

    // A turn of the scheduler before the retry is due sends nothing; one while the peer is still away fails again.
    const scheduler = startScheduler(t.ctx, quiet, { intervalMs: 3_600_000 });
    try {
      await scheduler.tick();
      expect((await outboxRows()).map((r) => r.attempts)).toEqual([1, 1, 1]);
      t.clock.advance(retryDelayMs(1));
      await scheduler.tick();
      expect((await outboxRows()).map((r) => [r.attempts, r.sent_at])).toEqual([
        [2, null],
        [2, null],
        [2, null],
      ]);

      // The peer is back, on the same address: the next due turn sends every mail, once.
      smtp = await startSmtpPeer({ port, received });
      t.clock.advance(retryDelayMs(2));
      await scheduler.tick();
      await scheduler.tick();
      t.clock.advance(retryDelayMs(MAIL_MAX_ATTEMPTS));
      await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
    expect(received.map((m) => m.to[0]).sort()).toEqual(['paid@x.test', 'refused@x.test', 'reset@x.test']);
    expect([...deliveries(received).values()]).toEqual([1, 1, 1]);
    expect(received.map((m) => subjectOf(m.raw)).some((s) => /password/i.test(s))).toBe(true);
    const sent = await outboxRows();
    expect(sent.every((r) => r.sent_at !== null && r.next_attempt_at === null && r.error === null)).toBe(true);
    // The reset link went out in the mail and is nowhere in the outbox any more.
    const resetLink = /\/auth\/restore-password\/[^\s"<]+/.exec(plainText(received.find((m) => m.to[0] === 'reset@x.test')!.raw))![0];
    const kept = await t.ctx.database.query<{ kept_text: string }>(sql`select string_agg(subject || text_body || html_body, ' ') as kept_text from mail_outbox`);
    expect(kept[0]!.kept_text).not.toContain(resetLink.split('/').at(-1));
    expect(kept[0]!.kept_text).not.toContain('restore-password');
  });

  it('gives a mail up after the last attempt, and sends no mail of the dev mailbox', async () => {
    smtp = await startSmtpPeer();
    const port = smtp.port;
    await smtp.close();
    smtp = undefined;
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await t.ctx.mailer.send({ to: 'x@x.test', subject: 's', text: 't', html: '<p>t</p>', kind: 'test', lang: 'en' }).catch(() => undefined);
    // The first attempt was made at once; the next ones as they come due, the last one gives up.
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS - 1; attempt++) {
      t.clock.advance(retryDelayMs(attempt) - 1);
      expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retried: 0, abandoned: 0 });
      t.clock.advance(1);
      expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retried: 1, abandoned: 0 });
    }
    t.clock.advance(retryDelayMs(MAIL_MAX_ATTEMPTS - 1));
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retried: 0, abandoned: 1 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, next_attempt_at: null, sent_at: null });
    // A row written without SMTP (the dev mailbox) is never due.
    await t.ctx.database.db.execute(sql`insert into mail_outbox (to_address, subject, text_body, html_body, kind, lang) values ('dev@x.test', 's', 't', 'h', 'test', 'en')`);
    smtp = await startSmtpPeer({ port });
    t.clock.advance(86_400_000);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retried: 0, abandoned: 0 });
    expect(smtp.received).toEqual([]);
  });
});
