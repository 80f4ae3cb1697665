import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referralsAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertRows, signedInPartner, type TestPartner } from '../statistics/testing.ts';
import { maskEmail } from './service.ts';

// "Now" is Friday 2026-11-20 12:00 UTC. Partner a invited b (2026-10-01) and c (2026-02-10); b invited d; e invited f.
let t: TestApp;
let a: TestPartner;
const ids: Record<string, number> = {};

async function user(email: string, referredBy: number | null, createdAt: string) {
  const [row] = await t.ctx.database.query<{ id: number }>(
    sql`insert into users (email, password_hash, referred_by, created_at) values (${email}, 'x', ${referredBy}, ${createdAt}) returning id`,
  );
  return Number(row!.id);
}

const commission = (referrer: number, referral: number, day: string, level: 1 | 2, amount: number, project = 'fd1', bucket = 'downloads') => ({
  referrer_id: referrer,
  referral_id: referral,
  project,
  day,
  bucket,
  level,
  base_micro: amount * 10,
  rate_bp: 1_000,
  amount_micro: amount,
});

beforeEach(async () => {
  t = await createTestApp({ config: { PUBLIC_URL: 'https://cabinet.example' } });
  a = await signedInPartner(t, 'a@partner.test', ['fd1', 'fd2']);
  ids.b = await user('bob.smith@example.com', a.id, '2026-10-01T08:00:00Z');
  ids.c = await user('carol@mail.co.uk', a.id, '2026-02-10T08:00:00Z');
  ids.d = await user('dave@host.org', ids.b, '2026-11-01T08:00:00Z');
  ids.e = await user('eve@other.test', null, '2026-01-01T08:00:00Z');
  ids.f = await user('frank@other.test', ids.e, '2026-03-01T08:00:00Z');
  await insertRows(t, 'referral_commissions', [
    commission(a.id, ids.b, '2026-11-20', 1, 100),
    commission(a.id, ids.b, '2026-11-20', 1, 50, 'fd1', 'sales'),
    commission(a.id, ids.b, '2026-11-16', 1, 200),
    commission(a.id, ids.b, '2026-11-01', 1, 1_000),
    commission(a.id, ids.b, '2026-11-20', 1, 7_000, 'fd2'),
    commission(a.id, ids.d, '2026-11-19', 2, 30),
    commission(ids.b, ids.d, '2026-11-19', 1, 300),
    commission(ids.e, ids.f, '2026-11-19', 1, 999),
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('GET /referrals', () => {
  it('masks e-mails', () => {
    expect(maskEmail('john@example.com')).toBe('j***@e***.com');
    expect(maskEmail('carol@mail.co.uk')).toBe('c***@m***.uk');
  });

  it('lists both levels with sums from this project, the rate and its drop date, and the invite link', async () => {
    const res = await a.get('/referrals', { app: 'fd1' });
    expect(res.statusCode).toBe(200);
    const body = referralsAnswer.parse(res.json());
    expect(body.summary).toEqual({ total: 3, first_level: 2, second_level: 1, total_earned: 1_380 });
    expect(body.invite).toEqual({ code: String(a.id), link: `https://cabinet.example/auth/register?ref=${a.id}` });
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    const [b, c, d] = body.data;
    // b registered 2026-10-01: 12% until 2027-01-01, then 6%.
    expect(b).toEqual({
      user: 'b***@e***.com',
      level: 1,
      registration_date: '2026-10-01T08:00:00.000Z',
      today: 150,
      week: 350,
      total: 1_350,
      percent_bp: 1_200,
      percent_drops_at: '2027-01-01T00:00:00.000Z',
      next_percent_bp: 600,
    });
    // c registered 2026-02-10: 6% from 2026-05-10, 3% from 2026-11-10 for ever.
    expect(c).toMatchObject({ user: 'c***@m***.uk', level: 1, total: 0, percent_bp: 300, percent_drops_at: null, next_percent_bp: null });
    expect(d).toMatchObject({ user: 'd***@h***.org', level: 2, today: 0, week: 30, total: 30, percent_bp: 100, percent_drops_at: null, next_percent_bp: null });
  });

  it('answers the other project separately and pages the list', async () => {
    const fd2 = referralsAnswer.parse((await a.get('/referrals', { app: 'fd2' })).json());
    expect(fd2.summary.total_earned).toBe(7_000);
    expect(fd2.data[0]).toMatchObject({ today: 7_000, total: 7_000 });
    const page2 = referralsAnswer.parse((await a.get('/referrals', { app: 'fd1', page: 2, per_page: 2 })).json());
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page2.data.map((r) => r.user)).toEqual(['d***@h***.org']);
  });

  // b: level 1, registered 2026-10-01, today 150, week 350, total 1 350; c: level 1, 2026-02-10, nothing;
  // d: level 2, 2026-11-01, today 0, week 30, total 30. Ties go first level first, then the newest first.
  it.each([
    ['registration_date', 'asc', ['c', 'b', 'd']],
    ['registration_date', 'desc', ['d', 'b', 'c']],
    ['level', 'asc', ['b', 'c', 'd']],
    ['level', 'desc', ['d', 'b', 'c']],
    ['today', 'asc', ['c', 'd', 'b']],
    ['today', 'desc', ['b', 'c', 'd']],
    ['week', 'asc', ['c', 'd', 'b']],
    ['week', 'desc', ['b', 'd', 'c']],
    ['total', 'asc', ['c', 'd', 'b']],
    ['total', 'desc', ['b', 'd', 'c']],
  ] as const)('sorts by %s %s', async (sort_key, sort_dir, order) => {
    const res = await a.get('/referrals', { app: 'fd1', sort_key, sort_dir });
    expect(res.statusCode).toBe(200);
    const masked = { b: 'b***@e***.com', c: 'c***@m***.uk', d: 'd***@h***.org' };
    expect(referralsAnswer.parse(res.json()).data.map((r) => r.user)).toEqual(order.map((k) => masked[k]));
  });

  it('sorts the pages as a whole, level first by default', async () => {
    const first = referralsAnswer.parse((await a.get('/referrals', { app: 'fd1', sort_key: 'total', sort_dir: 'desc', per_page: 2 })).json());
    const second = referralsAnswer.parse((await a.get('/referrals', { app: 'fd1', sort_key: 'total', sort_dir: 'desc', per_page: 2, page: 2 })).json());
    expect([...first.data, ...second.data].map((r) => r.total)).toEqual([1_350, 30, 0]);
    const byDefault = referralsAnswer.parse((await a.get('/referrals', { app: 'fd1' })).json());
    expect(byDefault.data.map((r) => r.level)).toEqual([1, 1, 2]);
  });

  it('refuses an unknown sort key or direction with a localized 422', async () => {
    for (const query of [{ sort_key: 'email' }, { sort_key: 'percent_bp' }, { sort_dir: 'up' }] as Array<Record<string, string>>) {
      const res = await a.get('/referrals', { app: 'fd1', ...query }, { 'x-localization': 'de' });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      const field = Object.keys(query)[0]!;
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.errors[field][0]).toContain('unzulässigen Wert');
    }
  });

  it('shows nobody else’s referrals, and needs the project', async () => {
    const e = await signedInPartner(t, 'lonely@partner.test', ['fd1']);
    const body = referralsAnswer.parse((await e.get('/referrals', { app: 'fd1' })).json());
    expect(body.summary).toEqual({ total: 0, first_level: 0, second_level: 0, total_earned: 0 });
    expect(body.data).toEqual([]);
    expect((await e.get('/referrals', { app: 'fd2' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals?app=fd1' })).statusCode).toBe(401);
  });
});
