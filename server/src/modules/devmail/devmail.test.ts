import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { mailbox, signedUpPartner } from '../auth/testing.ts';

let t: TestApp | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await t?.close();
  if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  t = undefined;
  smtp = undefined;
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback, on a random port, keeping what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', () => resolve()));
  return { port: (smtp.server.address() as AddressInfo).port, received };
}

/** The decoded text/plain part of a raw MIME message (quoted-printable or base64, as nodemailer writes it). */
function plainText(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/plain/i.test(p));
  if (!part) throw new Error('no text/plain part');
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head!)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

describe('mail over SMTP', () => {
  it('sends the confirmation mail through a real SMTP peer; following the received link activates the account', async () => {
    const { port, received } = await startSmtp();
    t = await createTestApp({ config: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Partner Cabinet <no-reply@partner.test>' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-localization': 'ja' },
      payload: { email: 'smtp@example.com', password: 'Tr0ub4dor&3-horse', agree: true, captcha: await solveCaptcha(t.app), lang: 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@partner.test');
    expect(mail.to).toEqual(['smtp@example.com']);
    expect(mail.raw).toMatch(/content-type:\s*text\/html/i);
    const text = plainText(mail.raw);
    expect(text).toContain('パートナー管理画面');
    expect(text).toContain('アカウントを有効にする');
    const link = /http:\/\/localhost:3000\/auth\/confirm-registration\/([A-Za-z0-9_-]+)/.exec(text)!;
    expect(link).not.toBeNull();

    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-registration', payload: { token: link[1] } });
    expect(confirm.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'smtp@example.com', password: 'Tr0ub4dor&3-horse', captcha: await solveCaptcha(t.app) },
    });
    expect(login.statusCode).toBe(200);
    // The outbox row records the delivery.
    const [row] = await t.ctx.database.query<{ sent_at: Date | null; error: string | null }>(
      (await import('drizzle-orm')).sql`select sent_at, error from mail_outbox`,
    );
    expect(row!.sent_at).not.toBeNull();
    expect(row!.error).toBeNull();
  });

  it('a failing SMTP peer does not fail the request; the outbox keeps the mail and the error', async () => {
    const { port } = await startSmtp();
    await new Promise<void>((resolve) => smtp!.close(() => resolve()));
    smtp = undefined;
    t = await createTestApp({ config: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'down@example.com', password: 'Tr0ub4dor&3-horse', agree: true, captcha: await solveCaptcha(t.app) },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailbox(t.app, 'down@example.com');
    expect(mail!.links[0]).toMatch(/\/auth\/confirm-registration\//);
    const [row] = await t.ctx.database.query<{ sent_at: Date | null; error: string | null }>(
      (await import('drizzle-orm')).sql`select sent_at, error from mail_outbox`,
    );
    expect(row!.sent_at).toBeNull();
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('dev mailbox', () => {
  it('lists mails newest first as JSON with their links, filtered by address', async () => {
    t = await createTestApp();
    await signedUpPartner(t.app, 'one@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/restore-password/request', payload: { email: 'one@example.com', captcha: await solveCaptcha(t.app) } });
    const res = await t.app.inject('/dev/mailbox/messages?to=ONE@example.com');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual(['created_at', 'id', 'links', 'subject', 'text', 'to']);
    expect(list[0].subject).toBe('Restore your password');
    expect(list[1].subject).toBe('Confirm your registration');
    expect(list[0].id).toBeGreaterThan(list[1].id);
    expect(list[0].links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/restore-password\/one%40example\.com\//);
    expect(new Date(list[0].created_at).toISOString()).toBe(list[0].created_at);
    expect((await t.app.inject('/dev/mailbox/messages?to=none@example.com')).json()).toEqual([]);
    expect((await t.app.inject('/dev/mailbox/messages')).json()).toHaveLength(2);
  });

  it('shows an HTML page with clickable links and escaped text', async () => {
    t = await createTestApp();
    await signedUpPartner(t.app, 'page@example.com');
    const res = await t.app.inject('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/auth\/confirm-registration\/[A-Za-z0-9_-]+">/);
    expect(res.body).toContain('Confirm your registration');
  });

  it('does not exist in production', async () => {
    t = await createTestApp({
      config: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused',
        SESSION_SECRET: 'prod-session-secret-0123456789abcdef0123',
        CAPTCHA_SECRET: 'prod-captcha-secret-0123456789',
        AUTOLOGIN_SECRET_FD1: 'prod-autologin-fd1-0123456789',
        AUTOLOGIN_SECRET_FD2: 'prod-autologin-fd2-0123456789',
        INGEST_TOKEN_FD1: 'prod-ingest-fd1-0123456789',
        INGEST_TOKEN_FD2: 'prod-ingest-fd2-0123456789',
        OPERATOR_TOKEN: 'prod-operator-0123456789abcdef',
        PAYOUT_DETAILS_KEY: 'prod-payout-details-key-0123456789abcdef',
      },
    });
    await t.ctx.mailer.send({ to: 'x@example.com', subject: 'Secret subject', text: 'secret', html: '<p>secret</p>', kind: 'test', lang: 'en' });
    // No mailbox route: the path falls through to the web app's page like any unknown path.
    for (const url of ['/dev/mailbox/messages', '/dev/mailbox']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).not.toContain('Secret subject');
      expect(res.body).not.toContain('Dev mailbox');
    }
  });
});
