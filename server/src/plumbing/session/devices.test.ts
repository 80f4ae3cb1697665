import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { knownDevices, users } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { htmlText, plainText, startSmtpPeer, subjectOf, type SmtpPeer } from '../../mail/testing.ts';
import { cookieOf, mailbox, signedUpPartner } from '../../modules/auth/testing.ts';
import { fund, insertWallet, jsonHeaders } from '../../modules/payouts/testing.ts';
import { passPasswordCheck, postAs } from '../../modules/settings/testing.ts';
import { createTestApp, createTestDatabase, manualClock, testConfig, type TestApp } from '../../test/harness.ts';
import { captureLog } from '../../test/log-capture.ts';
import { solveCaptcha } from '../captcha/testing.ts';
import { hashToken } from './service.ts';
import { DEVICE_COOKIE } from './devices.ts';

/**
 * New-device alerts and "this was not me" (decision 0191), through the real calls: the sign-in records the browser's
 * device, a browser the account has not seen gets the partner a mail (through a real SMTP peer), and the mail's link
 * ends every session, holds payouts and mails a reset link, which lifts the hold.
 */
const EMAIL = 'partner@example.com';
const NOW = '2026-11-20T12:00:00.000Z';
const USD = 1_000_000;
const H = 3_600_000;
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp | undefined;
let smtp: SmtpPeer | undefined;
let own: { app: FastifyInstance; close(): Promise<void> } | undefined;
afterEach(async () => {
  await t?.close();
  await own?.close();
  await smtp?.close();
  t = own = smtp = undefined;
});

const deviceCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === DEVICE_COOKIE);

async function signIn(app: FastifyInstance, opts: { device?: string; userAgent?: string; ip?: string; password?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'user-agent': opts.userAgent ?? 'vitest', ...(opts.device ? { cookie: `${DEVICE_COOKIE}=${opts.device}` } : {}) },
    payload: { email: EMAIL, password: opts.password ?? 'Tr0ub4dor&3-horse', captcha: await solveCaptcha(app) },
  });
}

const alerts = async (app: FastifyInstance) => (await mailbox(app, EMAIL)).filter((m) => m.subject === 'New sign-in to your Partner Cabinet account');

describe('known devices', () => {
  it('records the first sign-in after registration without a mail, and a known browser without one either', async () => {
    t = await createTestApp({ clock: NOW });
    const { user } = await signedUpPartner(t.app, EMAIL);
    const rows = await t.ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await alerts(t.app)).toEqual([]);

    const again = await signIn(t.app);
    const device = deviceCookieOf(again)!;
    expect(device).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 400 * 24 * 3600 });
    // A browser without the cookie is new: it got one, and the partner a mail.
    expect(await alerts(t.app)).toHaveLength(1);
    // Only the hash is kept.
    const stored = await t.ctx.database.query<{ id_hash: Uint8Array }>(sql`select id_hash from known_devices where user_id = ${user.id}`);
    expect(stored.some((r) => Buffer.from(r.id_hash).equals(hashToken(device.value)))).toBe(true);
    expect(JSON.stringify(await t.ctx.database.query(sql`select * from known_devices`))).not.toContain(device.value);

    t.clock.advance(H);
    const known = await signIn(t.app, { device: device.value });
    expect(known.statusCode, known.body).toBe(200);
    expect(await alerts(t.app)).toHaveLength(1);
    const [seen] = await t.ctx.database.db.select().from(knownDevices).where(eq(knownDevices.idHash, hashToken(device.value)));
    expect(seen!.lastSeenAt.toISOString()).toBe('2026-11-20T13:00:00.000Z');
    expect(seen!.firstSeenAt.toISOString()).toBe(NOW);

    // A cookie the account does not know (another account's browser, or a made-up id) is a new device too.
    await signIn(t.app, { device: 'x'.repeat(22) });
    expect(await alerts(t.app)).toHaveLength(2);
  });

  it('mails in the partner language, with the time in UTC, the browser, the system and the address', async () => {
    t = await createTestApp({ clock: NOW });
    await signedUpPartner(t.app, EMAIL);
    await t.ctx.database.db.update(users).set({ lang: 'de' }).where(eq(users.email, EMAIL));
    await signIn(t.app, { userAgent: WINDOWS_CHROME, ip: '203.0.113.7' });
    const [mail] = await mailbox(t.app, EMAIL);
    expect(mail!.subject).toBe('Neue Anmeldung bei Ihrem Konto im Partnerbereich');
    expect(mail!.text).toContain('Wann: 20. November 2026 um 12:00 UTC');
    expect(mail!.text).toContain('Browser und System: Chrome unter Windows');
    expect(mail!.text).toContain('IP-Adresse: 203.0.113.7');
    expect(mail!.links.some((l) => /\/not-me\/[\w-]{20,}$/.test(l))).toBe(true);
  });
});

describe('"this was not me"', () => {
  it('through a real SMTP peer: the alert, its link ends the sessions, holds payouts, mails a reset; the reset lifts the hold; no token is logged', async () => {
    smtp = await startSmtpPeer();
    const out = captureLog();
    const database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json', SMTP_URL: smtp.url });
    const clock = manualClock(NOW);
    const ctx: AppContext = { config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, clock, leaseSeconds: config.MAIL_SEND_LEASE_SECONDS }) };
    const app = await buildApp(ctx, { logDestination: out.stream });
    await app.ready();
    own = { app, close: async () => { await app.close(); await database.close(); } };

    // Signed up through the peer: a mail SMTP took keeps no body in the outbox (decision 0176).
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: EMAIL, password: 'Tr0ub4dor&3-horse', agree: true, captcha: await solveCaptcha(app) } });
    expect(reg.statusCode, reg.body).toBe(200);
    const confirmToken = /\/auth\/confirm-registration\/([\w-]+)/.exec(plainText(smtp.received[0]!.raw))![1]!;
    expect((await app.inject({ method: 'POST', url: '/api/auth/confirm-registration', payload: { token: confirmToken } })).statusCode).toBe(200);
    const firstSignIn = await signIn(app);
    expect(firstSignIn.statusCode, firstSignIn.body).toBe(200);
    const first = cookieOf(firstSignIn);
    const user = firstSignIn.json() as { id: number };
    expect(smtp.received).toHaveLength(1);
    await fund(database, user.id, 100 * USD, clock.now());
    const old = new Date(Date.parse(NOW) - 30 * 24 * H);
    const wallet = await insertWallet(database, config.PAYOUT_DETAILS_KEY, { userId: user.id, system: 'paypal', createdAt: old, confirmedAt: old });
    const payout = (as: string) => app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(as), payload: { amount: 20 * USD, wallet } });

    // Someone else signs in from a browser of their own.
    const intruder = await signIn(app, { userAgent: WINDOWS_CHROME, ip: '198.51.100.23' });
    expect(intruder.statusCode, intruder.body).toBe(200);
    const second = cookieOf(intruder);
    const alert = smtp.received.find((m) => subjectOf(m.raw).includes('New sign-in'));
    expect(alert, 'the alert went through SMTP').toBeDefined();
    expect(alert!.to).toEqual([EMAIL]);
    const text = plainText(alert!.raw);
    expect(text).toContain('When: November 20, 2026 at 12:00 PM UTC');
    expect(text).toContain('Browser and system: Chrome on Windows');
    expect(text).toContain('IP address: 198.51.100.23');
    expect(htmlText(alert!.raw)).toContain('This was not me');
    const link = /https?:\/\/\S+\/not-me\/([\w-]+)/.exec(text)!;
    const token = link[1]!;

    // Opening the link changes nothing: it only says what it is about.
    const info = await app.inject({ url: `/api/not-me/${token}` });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ kind: 'new_device', at: NOW, browser: 'Chrome', os: 'Windows', ip: '198.51.100.23', new_email: null });
    expect((await app.inject({ url: '/api/settings/sessions', headers: { cookie: first } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/settings/sessions', headers: { cookie: second } })).statusCode).toBe(200);

    const confirmed = await app.inject({ method: 'POST', url: `/api/not-me/${token}`, headers: { 'x-localization': 'en' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, sessions_ended: 2 });
    // Every session ended.
    for (const cookie of [first, second]) expect((await app.inject({ url: '/api/settings/sessions', headers: { cookie } })).statusCode).toBe(401);
    // Single use.
    const again = await app.inject({ method: 'POST', url: `/api/not-me/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'bad_request', reason: 'not_me_link_invalid' });
    // The old password signs nobody in any more.
    expect((await signIn(app)).statusCode).toBe(422);

    // The recovery mail, with the reset link, went to the account's address.
    const recovery = smtp.received.find((m) => subjectOf(m.raw).includes('Secure your account'));
    expect(recovery!.to).toEqual([EMAIL]);
    const reset = /\/auth\/restore-password\/([^/\s]+)\/([\w-]+)/.exec(plainText(recovery!.raw))!;

    // A payout request is refused while the recovery is under way (a session made by hand, as sign-in is refused).
    const { createSession } = await import('./service.ts');
    const held = `pc_session=${await createSession(database.db, user.id, clock.now(), { ip: '127.0.0.1', userAgent: 'test' })}`;
    const refused = await payout(held);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', reason: 'account_recovery' });
    expect(refused.json().message).toContain('Payout requests are on hold because you reported that someone else used your account');
    const page = (await app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie: held } })).json();
    expect(page.account_recovery).toEqual({ message: refused.json().message });

    // Completing the recovery: a new password through the mailed link.
    const NEW = 'correct-horse-battery-staple';
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/restore-password',
      payload: { email: decodeURIComponent(reset[1]!), token: reset[2]!, password: NEW, password_confirmation: NEW },
    });
    expect(done.statusCode, done.body).toBe(200);
    const back = await signIn(app, { password: NEW });
    expect(back.statusCode, back.body).toBe(200);
    const partner = cookieOf(back);
    expect((await app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie: partner } })).json().account_recovery).toBeNull();
    // The block is lifted; the password reset's cooling-off window applies (decision 0177), then requests go through.
    const cooling = await payout(partner);
    expect(cooling.statusCode).toBe(409);
    expect(cooling.json()).toMatchObject({ reason: 'cooling_off', until: '2026-11-22T12:00:00.000Z' });
    clock.set('2026-11-22T12:00:00.000Z');
    expect((await payout(partner)).statusCode).toBe(200);

    // Neither the link's token nor the reset's ever reached a log line.
    const logged = out.text();
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(reset[2]!);
  });

  it('rejects an unknown or expired link with a localized message, and a GET never acts', async () => {
    t = await createTestApp({ clock: NOW });
    await signedUpPartner(t.app, EMAIL);
    await signIn(t.app);
    const token = (await alerts(t.app))[0]!.links.find((l) => l.includes('/not-me/'))!.split('/').pop()!;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/api/not-me/${token}` })).statusCode).toBe(200);
    const unknown = await t.app.inject({ url: '/api/not-me/nope', headers: { 'x-localization': 'fr' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Ce lien n’est plus actif\u202f: il a déjà servi ou il a expiré. Si quelqu’un d’autre utilise votre compte, réinitialisez votre mot de passe depuis la page de connexion.');
    t.clock.advance(7 * 24 * H);
    expect((await t.app.inject({ method: 'POST', url: `/api/not-me/${token}` })).statusCode).toBe(400);
    const [row] = await t.ctx.database.db.select({ at: users.recoveryStartedAt }).from(users).where(eq(users.email, EMAIL));
    expect(row!.at).toBeNull();
  });
});

describe('sign-in during a recovery', () => {
  it('issues no session by any path while a recovery is under way (the hook of app.signIn), with the way out said', async () => {
    t = await createTestApp({ clock: NOW });
    await signedUpPartner(t.app, EMAIL);
    // The right password (as if the partner had set it) still meets the recovery: only the reset ends it.
    await t.ctx.database.db.update(users).set({ recoveryStartedAt: t.clock.now() }).where(eq(users.email, EMAIL));
    const refused = await signIn(t.app);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', reason: 'account_recovery' });
    expect(refused.json().message).toBe('This account is being secured. Set a new password with the link we sent to its email address, then sign in.');
    expect(refused.cookies.find((c) => c.name === 'pc_session')).toBeUndefined();
    expect(await t.ctx.database.query(sql`select 1 from sessions s join users u on u.id = s.user_id where u.email = ${EMAIL}`)).toHaveLength(1);
  });
});

describe('the e-mail change notice', () => {
  async function askChange(app: FastifyInstance, cookie: string, password: string) {
    await passPasswordCheck(app, cookie, password);
    expect((await postAs(app, cookie, '/api/settings/email', { email: 'thief@example.com' })).statusCode).toBe(200);
    const notice = (await mailbox(app, EMAIL)).find((m) => m.subject === 'A change of your email address was requested')!;
    expect(notice.text).toContain('The new address asked for is thief@example.com.');
    return notice.links.find((l) => l.includes('/not-me/'))!.split('/').pop()!;
  }

  it('goes to the old address with a "not me" link that cancels a pending change and recovers through the old address', async () => {
    t = await createTestApp({ clock: NOW });
    const { cookie, password } = await signedUpPartner(t.app, EMAIL);
    const token = await askChange(t.app, cookie, password);
    expect((await t.app.inject({ url: `/api/not-me/${token}` })).json()).toMatchObject({ kind: 'email_change', new_email: 'thief@example.com' });
    const confirmLink = (await mailbox(t.app, 'thief@example.com'))[0]!.links[0]!.split('/').pop()!;
    expect((await t.app.inject({ method: 'POST', url: `/api/not-me/${token}` })).statusCode).toBe(200);
    // The change's own link no longer works (and nobody is signed in to follow it).
    const { rows } = { rows: await t.ctx.database.query<{ used_at: Date | null }>(sql`select used_at from one_time_tokens where kind = 'email_change'`) };
    expect(rows.every((r) => r.used_at !== null)).toBe(true);
    expect(confirmLink.length).toBeGreaterThan(10);
    const [user] = await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user!.recoveryStartedAt).not.toBeNull();
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Secure your account: set a new password');
  });

  it('undoes a change already confirmed: the account gets its old address back, and the reset goes there', async () => {
    t = await createTestApp({ clock: NOW });
    const { cookie, password } = await signedUpPartner(t.app, EMAIL);
    const token = await askChange(t.app, cookie, password);
    const confirm = (await mailbox(t.app, 'thief@example.com'))[0]!.links[0]!.split('/').pop()!;
    expect((await postAs(t.app, cookie, '/api/settings/email/confirm', { token: confirm })).statusCode).toBe(200);
    expect((await t.ctx.database.db.select().from(users).where(eq(users.email, 'thief@example.com'))).length).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/not-me/${token}` })).statusCode).toBe(200);
    expect((await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL))).length).toBe(1);
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Secure your account: set a new password');
    expect((await mailbox(t.app, 'thief@example.com')).some((m) => m.subject.startsWith('Secure your account'))).toBe(false);
  });
});

describe('ending one session', () => {
  it('ends any one session of the partner by its id, 404 for another, 401 before validation without a session', async () => {
    t = await createTestApp({ clock: NOW });
    const { cookie } = await signedUpPartner(t.app, EMAIL);
    const other = cookieOf(await signIn(t.app, { userAgent: WINDOWS_CHROME }));
    const list = (await t.app.inject({ url: '/api/settings/sessions', headers: { cookie } })).json().data as Array<{ id: string; current: boolean }>;
    expect(list).toHaveLength(2);
    const target = list.find((s) => !s.current)!;
    const ended = await postAs(t.app, cookie, `/api/settings/sessions/${target.id}/revoke`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: 'The session has ended.' });
    expect((await t.app.inject({ url: '/api/settings/sessions', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/settings/sessions', headers: { cookie } })).json().data).toHaveLength(1);
    const again = await postAs(t.app, cookie, `/api/settings/sessions/${target.id}/revoke`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This session has already ended.');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/settings/sessions/garbage!/revoke', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await postAs(t.app, cookie, '/api/settings/sessions/garbage!/revoke')).statusCode).toBe(422);
  });
});
