import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { formatMoney, type LangCode } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertPayoutRequest, movePayoutRequest } from '../../money/payouts.ts';
import { writeEntry } from '../../money/ledger.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { issueKey } from '../../webmaster/keys.ts';
import { microDecimal } from './documents.ts';

let t: TestApp;
let p: number;
let cookie: string;
const NOW = '2026-11-20T12:00:00.000Z';
const USD = 1_000_000;
const dir = mkdtempSync(join(tmpdir(), 'statements-'));

beforeEach(async () => {
  t = await createTestApp({ clock: NOW });
  p = await createPartner(t.ctx.database, { email: 'p@x.test' });
  cookie = await sessionCookie(t.ctx.database, p, t.clock.now());
});
afterEach(async () => {
  await t.close();
});

/** An earning straight into the ledger, on a UTC day. */
async function earn(
  userId: number,
  day: string,
  source: 'files' | 'referrals' | 'video' | 'additional',
  micro: number,
  n: number,
) {
  await writeEntry(t.ctx.database.db, {
    userId,
    project: 'fd1',
    day,
    source,
    bucket: 'downloads',
    kind: 'earning',
    amountMicro: micro,
    availableAt: new Date(`${day}T00:00:00Z`),
    idempotencyKey: `test:${userId}:${n}`,
  });
}

/** A payout request made at `at` and carried to `to` by the operator at `doneAt`. */
async function payout(
  userId: number,
  at: string,
  amountMicro: number,
  feeMicro: number,
  to: 'accepted' | 'review' = 'accepted',
  doneAt = at,
  rub = false,
) {
  const conversion = rub
    ? {
        currency: 'RUB' as const,
        rate: '92.5',
        rateDate: '2026-11-01',
        source: 'cbr' as const,
        minor: 72_150,
      }
    : null;
  const request = await insertPayoutRequest(
    t.ctx.database.db,
    {
      userId,
      amountMicro,
      feeMicro,
      paymentDetails: 'wallet12345678@pay.example',
      walletType: 'paypal',
      actor: 'partner',
      conversion,
    },
    new Date(at),
  );
  const id = request.id;
  const moves = to === 'accepted' ? (['review', 'process', 'accepted'] as const) : (['review'] as const);
  for (const step of moves)
    await movePayoutRequest(
      t.ctx.database.db,
      { id, to: step, by: 'operator', actor: 'op', reason: '' },
      new Date(doneAt),
    );
  return id;
}

function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
/** pdftotext writes spaces its own way; compare without any kind of space. */
const squeeze = (s: string) => s.replace(/[\s\u00a0\u202f\u200f\u200e\u061c]+/g, '');

async function history() {
  await earn(p, '2026-09-03', 'files', 12_345_678, 1);
  await earn(p, '2026-09-20', 'referrals', 2_500_000, 2);
  const first = await payout(
    p,
    '2026-10-01T10:00:00Z',
    10 * USD,
    250_000,
    'accepted',
    '2026-10-03T09:00:00Z',
  );
  await earn(p, '2026-10-05', 'files', 7_654_321, 3);
  await earn(p, '2026-10-28', 'video', 1_000_001, 4);
  const second = await payout(
    p,
    '2026-11-02T10:00:00Z',
    8 * USD,
    200_000,
    'accepted',
    '2026-11-04T09:00:00Z',
    true,
  );
  const pending = await payout(p, '2026-11-10T10:00:00Z', 2 * USD, 0, 'review');
  return { first, second, pending };
}

const get = (url: string, as = cookie) => t.app.inject({ url, headers: { cookie: as } });

describe('business details', () => {
  it('are empty at first, saved trimmed, and validated', async () => {
    expect((await get('/api/settings/business-details')).json()).toEqual({
      name: '',
      address: '',
      tax_id: '',
      vat_number: '',
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings/business-details',
      headers: { cookie, 'content-type': 'application/json', 'x-localization': 'ru' },
      payload: {
        name: '  ООО «Ромашка» ',
        address: 'ул. Ленина, 1\nМосква',
        tax_id: '7701234567',
        vat_number: '',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      name: 'ООО «Ромашка»',
      address: 'ул. Ленина, 1\nМосква',
      tax_id: '7701234567',
      vat_number: '',
      message: 'Реквизиты сохранены.',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/settings/business-details',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'x'.repeat(121), tax_id: 'a\u0000b' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors ?? bad.json().fields ?? {}).length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/settings/business-details' })).statusCode).toBe(401);
  });
});

describe('payout statements', () => {
  it("a completed payout's statement carries the ledger's amounts, its number and the partner's details", async () => {
    const { first, second } = await history();
    await t.app.inject({
      method: 'POST',
      url: '/api/settings/business-details',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {
        name: 'Ada Lovelace Ltd',
        address: '12 Analytical Row\nLondon',
        tax_id: 'GB-TAX-42',
        vat_number: 'GB123456789',
      },
    });
    const res = await get(`/api/payouts/${second}/statement.pdf?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload, 'statement-en');
    expect(text).toContain('Payout statement');
    expect(text).toContain('No. 2');
    for (const s of ['Ada Lovelace Ltd', 'London', 'GB-TAX-42', 'GB123456789', 'p@x.test', 'Partner Cabinet'])
      expect(text).toContain(s);
    // The period after the first payout's day: the October earnings, to the cent as the ledger has them.
    const [ledger] = await t.ctx.database.query<{ files: string; video: string }>(sql`
      select sum(amount_micro) filter (where source = 'files')::text as files, sum(amount_micro) filter (where source = 'video')::text as video
      from ledger_entries where user_id = ${p} and source <> 'payout' and day > '2026-10-01' and day <= '2026-11-02'`);
    expect(text).toContain(formatMoney(Number(ledger!.files), 'en')); // $7.65
    expect(text).toContain(formatMoney(Number(ledger!.video), 'en')); // $1.00
    expect(text).toContain('$8.00');
    expect(text).toContain('$0.20');
    expect(text).toContain('$7.80');
    expect(text).toContain('Oct 2, 2026 – Nov 2, 2026');
    expect(text).not.toContain('Referrals');
    expect(text).toContain('paypal wa…mple');
    // The first statement is No. 1 and stays so.
    const one = pdfText((await get(`/api/payouts/${first}/statement.pdf?lang=en`)).rawPayload, 'statement-1');
    expect(one).toContain('No. 1');
    expect(one).toContain(formatMoney(12_345_678, 'en'));
    expect(one).toContain(formatMoney(2_500_000, 'en'));
  });

  for (const lang of ['ru', 'ja', 'ar'] as const satisfies LangCode[]) {
    it(`is written in ${lang} with the same amounts`, async () => {
      const { second } = await history();
      const text = pdfText(
        (await get(`/api/payouts/${second}/statement.pdf?lang=${lang}`)).rawPayload,
        `statement-${lang}`,
      );
      const title = { ru: 'Выписка по выплате', ja: '支払明細書', ar: 'كشف دفعة' }[lang];
      expect(text).toContain(title);
      // The figures as Intl writes them in the language (pdftotext gives a right-to-left line in visual order, so
      // the number is compared without its currency sign).
      for (const micro of [8 * USD, 200_000, 7_800_000, 7_654_321])
        expect(squeeze(text)).toContain(squeeze(formatMoney(micro, lang).replace(/[^\d.,٫٬\s]/g, '')));
      expect(text).toContain('RUB');
      const yearly = pdfText(
        (await get(`/api/payouts/summary/2026.pdf?lang=${lang}`)).rawPayload,
        `yearly-${lang}`,
      );
      expect(yearly).toContain({ ru: 'Годовая сводка за 2026', ja: '2026年 年間サマリー', ar: '2026' }[lang]);
      for (const micro of [12_345_678, 10 * USD, 450_000, 17_550_000])
        expect(squeeze(yearly)).toContain(squeeze(formatMoney(micro, lang).replace(/[^\d.,٫٬\s]/g, '')));
    });
  }

  it('is written in every other language too, with details in any script', async () => {
    const { second } = await history();
    await t.app.inject({
      method: 'POST',
      url: '/api/settings/business-details',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {
        name: 'Ayşe Yılmaz İnşaat — شركة',
        address: 'İstiklal Cd. 1\nİstanbul',
        tax_id: '1234567890',
        vat_number: '',
      },
    });
    const titles = {
      de: 'Auszahlungsbeleg',
      es: 'Justificante de pago',
      fr: 'Relevé de paiement',
      pt: 'Comprovante de pagamento',
      tr: 'Ödeme dökümü',
    };
    for (const [lang, title] of Object.entries(titles) as Array<[LangCode, string]>) {
      const text = pdfText(
        (await get(`/api/payouts/${second}/statement.pdf?lang=${lang}`)).rawPayload,
        `statement-${lang}`,
      );
      expect(text).toContain(title);
      expect(text).toContain('Ayşe Yılmaz İnşaat');
      expect(squeeze(text)).toContain(squeeze(formatMoney(7_800_000, lang).replace(/[^\d.,\s]/g, '')));
    }
  });

  it("another partner's payout is not found; an unfinished one is explained", async () => {
    const { second, pending } = await history();
    const other = await createPartner(t.ctx.database, { email: 'o@x.test' });
    const otherCookie = await sessionCookie(t.ctx.database, other, t.clock.now());
    const foreign = await get(`/api/payouts/${second}/statement.pdf`, otherCookie);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/payouts/999999/statement.pdf')).statusCode).toBe(404);
    expect((await get('/api/payouts/abc/statement.pdf')).statusCode).toBe(404);
    const unfinished = await t.app.inject({
      url: `/api/payouts/${pending}/statement.pdf`,
      headers: { cookie, 'x-localization': 'de' },
    });
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().message).toBe(
      'Ein Beleg ist verfügbar, sobald die Auszahlung abgeschlossen ist.',
    );
    expect((await t.app.inject({ url: `/api/payouts/${second}/statement.pdf` })).statusCode).toBe(401);
  });
});

describe('yearly summary', () => {
  it("the PDF carries the year's earnings by month, the payouts and fees", async () => {
    await history();
    const res = await get('/api/payouts/summary/2026.pdf?lang=en');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'yearly-en');
    expect(text).toContain('Yearly summary 2026');
    for (const micro of [
      12_345_678,
      2_500_000,
      7_654_321,
      1_000_001,
      10 * USD,
      8 * USD,
      250_000,
      200_000,
      450_000,
      17_550_000,
    ])
      expect(text).toContain(formatMoney(micro, 'en'));
    // Earned in the year = the ledger's sum of every earning.
    const [row] = await t.ctx.database.query<{ s: string }>(
      sql`select sum(amount_micro)::text as s from ledger_entries where user_id = ${p} and source <> 'payout'`,
    );
    expect(text).toContain(formatMoney(Number(row!.s), 'en'));
    expect(text).toContain('September');
  });

  it('the CSV has every month and source earned, every completed payout and the totals, exactly', async () => {
    await history();
    const res = await get('/api/payouts/summary/2026.csv?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'section,month,source,statement,completed,amount_usd,fee_usd,net_usd',
      'earned,2026-09,Files,,,12.345678,,',
      'earned,2026-09,Referrals,,,2.5,,',
      'earned,2026-10,Files,,,7.654321,,',
      'earned,2026-10,Video,,,1.000001,,',
      'payout,,,1,2026-10-03,10,0.25,9.75',
      'payout,,,2,2026-11-04,8,0.2,7.8',
      'total_earned,,,,,23.5,,',
      'total_paid_out,,,,,18,0.45,17.55',
      '',
    ]);
    const other = (await get('/api/payouts/summary/2025.csv')).body;
    expect(other).toContain('total_earned,,,,,0,,');
    expect((await get('/api/payouts/summary/1999.csv')).statusCode).toBe(422);
    expect((await get('/api/payouts/summary/2026.xls')).statusCode).toBe(422);
  });

  it('money decimals are exact', () => {
    expect(microDecimal(0)).toBe('0');
    expect(microDecimal(1)).toBe('0.000001');
    expect(microDecimal(-1_500_000)).toBe('-1.5');
    expect(microDecimal(123_456_789_012)).toBe('123456.789012');
  });
});

describe('webmaster API', () => {
  const api = (path: string, key: string) =>
    t.app.inject({
      url: `/webmaster/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      remoteAddress: '198.51.100.7',
    });

  it('gives the same statement and summary by key, only for the key holder, and documents them', async () => {
    const { second, pending } = await history();
    const key = (await issueKey(t.ctx.database, p, t.clock.now())).key;
    const other = await createPartner(t.ctx.database, { email: 'o@x.test' });
    const otherKey = (await issueKey(t.ctx.database, other, t.clock.now())).key;
    const res = await api(`/payouts/${second}/statement.pdf`, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload, 'webmaster-statement');
    for (const s of ['Payout statement', 'No. 2', '$8.00', '$0.20', '$7.80', formatMoney(7_654_321, 'en')])
      expect(text).toContain(s);
    expect((await api(`/payouts/${second}/statement.pdf`, otherKey)).statusCode).toBe(404);
    expect((await api(`/payouts/${pending}/statement.pdf`, key)).statusCode).toBe(409);
    const csv = await api('/payouts/summary/2026.csv', key);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('total_paid_out,,,,,18,0.45,17.55');
    expect((await api('/payouts/summary/2026.csv', otherKey)).body).toContain('total_paid_out,,,,,0,0,0');
    const ru = pdfText(
      (await api('/payouts/summary/2026.pdf?lang=ru', key)).rawPayload,
      'webmaster-yearly-ru',
    );
    expect(ru).toContain('Годовая сводка за 2026');
    const openapi = (
      await t.app.inject({ url: '/webmaster/v1/openapi.json', remoteAddress: '198.51.100.7' })
    ).json();
    expect(Object.keys(openapi.paths).join(' ')).toMatch(/statement\.pdf/);
    expect(Object.keys(openapi.paths).join(' ')).toMatch(/summary/);
  });
});
