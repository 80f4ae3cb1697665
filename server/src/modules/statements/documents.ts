import PDFDocument from 'pdfkit';
import { formatMoney, type LangCode } from '@pc/core';
import { t } from '../../lib/i18n.ts';
import {
  EARNING_SOURCES,
  maskedWallet,
  type CompletedPayout,
  type EarningSource,
  type StatementData,
  type YearlyData,
} from './data.ts';
import { statementFonts } from './fonts.ts';
import type { Weight } from './fonts.ts';
import { TextWriter, type Surface } from './text.ts';

/**
 * The statement of a completed payout and the yearly summary as PDF, and the summary as CSV (decision 0205). Every
 * text is a key of locales/<lang>/statements.json; money, numbers and dates go through Intl in the partner's
 * language; Arabic pages run right to left.
 */

export interface Issuer {
  name: string;
  /** Lines separated by " | ". */
  address: string;
  taxId: string;
}

const RTL_LANGS = new Set<LangCode>(['ar']);
const GREY = '#555555';
const RULE = '#bbbbbb';

const tr = (lang: LangCode, key: string, params: Record<string, unknown> = {}) =>
  t(lang, `statements:${key}`, params);
const day = (lang: LangCode, at: Date | string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    typeof at === 'string' ? new Date(`${at}T00:00:00Z`) : at,
  );
const usd = (micro: number, lang: LangCode) => formatMoney(micro, lang);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Another currency (a card's roubles, hryvnias) with its ISO code, which every font draws. */
function minorUnits(minor: number, currency: string, lang: LangCode) {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'code' }).format(
    minor / 100,
  );
}

class Page {
  y = 50;
  readonly width: number;
  readonly height: number;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly w: TextWriter,
    landscape: boolean,
  ) {
    this.width = landscape ? 841.89 : 595.28;
    this.height = landscape ? 595.28 : 841.89;
  }
  /** A box given from the start edge, mirrored on a right-to-left page: its left x. */
  x(from: number, width: number) {
    return this.w.rtl ? this.width - from - width : from;
  }
  text(
    text: string,
    from: number,
    width: number,
    options: { size?: number; weight?: Weight; align?: 'start' | 'end' | 'center'; color?: string } = {},
  ) {
    this.doc.fillColor(options.color ?? '#000000');
    this.w.line(text, this.x(from, width), this.y, width, options);
  }
  rule(color = RULE) {
    this.doc
      .moveTo(50, this.y)
      .lineTo(this.width - 50, this.y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }
  /** A new page when fewer than `needed` points are left. */
  room(needed: number) {
    if (this.y + needed > this.height - 60) {
      this.doc.addPage();
      this.y = 50;
    }
  }
}

async function render(
  lang: LangCode,
  title: string,
  now: Date,
  landscape: boolean,
  draw: (page: Page) => void,
): Promise<Buffer> {
  const fonts = await statementFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: 0,
    lang,
    info: { Title: title, Producer: 'Partner Cabinet', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new TextWriter(doc as unknown as Surface, fonts, RTL_LANGS.has(lang));
  draw(new Page(doc, writer, landscape));
  doc.end();
  return done;
}

/** The programme (left) and the document's title (right), then a rule. */
function header(page: Page, issuer: Issuer, lang: LangCode, title: string, subtitle: string) {
  const half = (page.width - 100) / 2;
  const top = page.y;
  page.text(tr(lang, 'statement.issuer'), 50, half, { size: 8, color: GREY });
  page.y += 12;
  page.text(issuer.name, 50, half, { size: 11, weight: 'bold' });
  page.y += 15;
  for (const line of issuer.address
    .split('|')
    .map((l) => l.trim())
    .filter(Boolean)) {
    page.text(line, 50, half, { size: 9 });
    page.y += 12;
  }
  if (issuer.taxId) {
    page.text(`${tr(lang, 'statement.tax_id')} ${issuer.taxId}`, 50, half, { size: 9 });
    page.y += 12;
  }
  const left = page.y;
  page.y = top;
  page.text(title, 50 + half, half, { size: 18, weight: 'bold', align: 'end' });
  page.y += 24;
  page.text(subtitle, 50 + half, half, { size: 11, align: 'end' });
  page.y = Math.max(left, top + 44) + 10;
  page.rule();
  page.y += 14;
}

/** The partner's details as given in Settings (empty ones left out), with the account e-mail. */
function partnerBlock(page: Page, lang: LangCode, details: StatementData['details'], email: string) {
  const labelWidth = 150;
  const valueWidth = page.width - 100 - labelWidth;
  page.text(tr(lang, 'statement.partner'), 50, 300, { size: 12, weight: 'bold' });
  page.y += 18;
  const row = (label: string, value: string) => {
    const lines = page.w.wrap(value, valueWidth, 10);
    page.text(label, 50, labelWidth, { size: 9, color: GREY });
    for (const line of lines) {
      page.text(line, 50 + labelWidth, valueWidth, { size: 10 });
      page.y += 14;
    }
  };
  if (details.name) row(tr(lang, 'statement.name'), details.name);
  if (details.address) row(tr(lang, 'statement.address'), details.address);
  if (details.tax_id) row(tr(lang, 'statement.tax_id'), details.tax_id);
  if (details.vat_number) row(tr(lang, 'statement.vat_number'), details.vat_number);
  row(tr(lang, 'statement.email'), email);
  if (!details.name && !details.address && !details.tax_id && !details.vat_number) {
    page.text(tr(lang, 'statement.details_missing'), 50, page.width - 100, { size: 8, color: GREY });
    page.y += 12;
  }
  page.y += 10;
}

function footer(page: Page, lang: LangCode, now: Date) {
  page.y = page.height - 45;
  page.rule();
  page.y += 8;
  page.text(tr(lang, 'statement.footer', { date: day(lang, now) }), 50, page.width - 100, {
    size: 8,
    color: GREY,
  });
}

export async function statementPdf(
  data: StatementData,
  lang: LangCode,
  issuer: Issuer,
  now: Date,
): Promise<Buffer> {
  const p = data.payout;
  const title = tr(lang, 'statement.title');
  const number = tr(lang, 'statement.number', { number: new Intl.NumberFormat(lang).format(p.number) });
  return render(lang, `${title} ${number}`, now, false, (page) => {
    header(page, issuer, lang, title, number);
    partnerBlock(page, lang, data.details, data.email);

    const labelWidth = 150;
    const valueWidth = page.width - 100 - labelWidth;
    page.text(tr(lang, 'statement.payout'), 50, 300, { size: 12, weight: 'bold' });
    page.y += 18;
    const row = (label: string, value: string, weight: Weight = 'regular') => {
      page.text(label, 50, labelWidth, { size: 9, color: GREY });
      page.text(value, 50 + labelWidth, valueWidth, { size: 10, weight });
      page.y += 15;
    };
    row(tr(lang, 'statement.requested'), day(lang, p.createdAt));
    row(tr(lang, 'statement.completed'), day(lang, p.completedAt));
    row(
      tr(lang, 'statement.period'),
      data.periodFrom
        ? tr(lang, 'statement.period_value', {
            from: day(lang, data.periodFrom),
            to: day(lang, data.periodTo),
          })
        : tr(lang, 'statement.period_until', { to: day(lang, data.periodTo) }),
    );
    row(tr(lang, 'statement.wallet'), `${p.walletType} ${maskedWallet(p.paymentDetails)}`.trim());
    row(tr(lang, 'statement.amount'), usd(p.amountMicro, lang));
    row(tr(lang, 'statement.fee'), usd(p.feeMicro, lang));
    row(tr(lang, 'statement.net'), usd(p.amountMicro - p.feeMicro, lang), 'bold');
    if (p.convertedCurrency && p.convertedMinor !== null) {
      row(
        tr(lang, 'statement.converted', { currency: p.convertedCurrency }),
        minorUnits(p.convertedMinor, p.convertedCurrency, lang),
      );
      if (p.convertedRate)
        row(
          tr(lang, 'statement.rate'),
          tr(lang, 'statement.rate_value', {
            rate: new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(Number(p.convertedRate)),
            currency: p.convertedCurrency,
            date: p.convertedRateDate ? day(lang, p.convertedRateDate) : '',
          }),
        );
    }
    page.y += 10;

    page.text(tr(lang, 'statement.earnings'), 50, page.width - 100, { size: 12, weight: 'bold' });
    page.y += 20;
    const amountWidth = 150;
    const nameWidth = page.width - 100 - amountWidth;
    page.text(tr(lang, 'statement.source'), 50, nameWidth, { size: 9, color: GREY });
    page.text(tr(lang, 'statement.amount'), 50 + nameWidth, amountWidth, {
      size: 9,
      color: GREY,
      align: 'end',
    });
    page.y += 13;
    page.rule();
    page.y += 6;
    for (const source of EARNING_SOURCES) {
      if (data.earnings[source] === 0) continue;
      page.text(tr(lang, `sources.${source}`), 50, nameWidth, { size: 10 });
      page.text(usd(data.earnings[source], lang), 50 + nameWidth, amountWidth, { size: 10, align: 'end' });
      page.y += 15;
    }
    page.rule();
    page.y += 6;
    page.text(tr(lang, 'statement.total'), 50, nameWidth, { size: 10, weight: 'bold' });
    page.text(usd(sum(Object.values(data.earnings)), lang), 50 + nameWidth, amountWidth, {
      size: 10,
      weight: 'bold',
      align: 'end',
    });
    page.y += 15;
    footer(page, lang, now);
  });
}

const monthName = (lang: LangCode, year: number, month: number) =>
  new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, 1)),
  );

/** The sources that earned anything in the year (all of them when none did, so the table is never empty). */
function yearSources(data: YearlyData): EarningSource[] {
  const used = EARNING_SOURCES.filter((s) => data.earned.some((m) => m[s] !== 0));
  return used.length ? used : ['files'];
}

export async function yearlyPdf(
  data: YearlyData,
  lang: LangCode,
  issuer: Issuer,
  now: Date,
): Promise<Buffer> {
  const title = tr(lang, 'yearly.title', { year: data.year });
  return render(lang, title, now, true, (page) => {
    header(page, issuer, lang, title, data.details.name || data.email);
    const sources = yearSources(data);
    const inner = page.width - 100;
    const monthWidth = 110;
    const column = (inner - monthWidth) / (sources.length + 1);
    page.text(tr(lang, 'yearly.earned'), 50, inner, { size: 12, weight: 'bold' });
    page.y += 20;
    const headRow = () => {
      page.text(tr(lang, 'yearly.month'), 50, monthWidth, { size: 8, color: GREY });
      sources.forEach((s, i) =>
        page.text(tr(lang, `sources.${s}`), 50 + monthWidth + i * column, column - 4, {
          size: 8,
          color: GREY,
          align: 'end',
        }),
      );
      page.text(tr(lang, 'yearly.total'), 50 + monthWidth + sources.length * column, column - 4, {
        size: 8,
        color: GREY,
        align: 'end',
      });
      page.y += 12;
      page.rule();
      page.y += 5;
    };
    headRow();
    const totals = Object.fromEntries(EARNING_SOURCES.map((s) => [s, 0])) as Record<EarningSource, number>;
    data.earned.forEach((month, m) => {
      page.text(monthName(lang, data.year, m), 50, monthWidth, { size: 9 });
      sources.forEach((s, i) => {
        totals[s] += month[s];
        page.text(usd(month[s], lang), 50 + monthWidth + i * column, column - 4, { size: 9, align: 'end' });
      });
      page.text(usd(sum(Object.values(month)), lang), 50 + monthWidth + sources.length * column, column - 4, {
        size: 9,
        weight: 'bold',
        align: 'end',
      });
      page.y += 14;
    });
    page.rule();
    page.y += 5;
    page.text(tr(lang, 'yearly.total'), 50, monthWidth, { size: 9, weight: 'bold' });
    sources.forEach((s, i) =>
      page.text(usd(totals[s], lang), 50 + monthWidth + i * column, column - 4, {
        size: 9,
        weight: 'bold',
        align: 'end',
      }),
    );
    const earnedTotal = sum(data.earned.map((m) => sum(Object.values(m))));
    page.text(usd(earnedTotal, lang), 50 + monthWidth + sources.length * column, column - 4, {
      size: 9,
      weight: 'bold',
      align: 'end',
    });
    page.y += 24;

    page.room(80);
    page.text(tr(lang, 'yearly.payouts', { year: data.year }), 50, inner, { size: 12, weight: 'bold' });
    page.y += 20;
    if (data.payouts.length === 0) {
      page.text(tr(lang, 'yearly.no_payouts'), 50, inner, { size: 10 });
      page.y += 14;
    } else {
      const cols = [
        tr(lang, 'yearly.statement'),
        tr(lang, 'statement.completed'),
        tr(lang, 'yearly.paid_out'),
        tr(lang, 'yearly.fees'),
        tr(lang, 'yearly.net'),
      ];
      const cw = inner / cols.length;
      const payoutRow = (cells: string[], weight: Weight, size = 9, color?: string) => {
        cells.forEach((c, i) =>
          page.text(c, 50 + i * cw, cw - 4, { size, weight, color, align: i >= 2 ? 'end' : 'start' }),
        );
        page.y += 14;
      };
      payoutRow(cols, 'regular', 8, GREY);
      page.rule();
      page.y += 5;
      for (const p of data.payouts) {
        page.room(20);
        payoutRow(payoutCells(p, lang), 'regular');
      }
      page.rule();
      page.y += 5;
      const paid = sum(data.payouts.map((p) => p.amountMicro));
      const fees = sum(data.payouts.map((p) => p.feeMicro));
      payoutRow(
        [tr(lang, 'yearly.total'), '', usd(paid, lang), usd(fees, lang), usd(paid - fees, lang)],
        'bold',
      );
    }
    footer(page, lang, now);
  });
}

function payoutCells(p: CompletedPayout, lang: LangCode): string[] {
  return [
    tr(lang, 'statement.number', { number: new Intl.NumberFormat(lang).format(p.number) }),
    day(lang, p.completedAt),
    usd(p.amountMicro, lang),
    usd(p.feeMicro, lang),
    usd(p.amountMicro - p.feeMicro, lang),
  ];
}

/** micro-USD as an exact decimal of dollars ("12.345678", "-0.5"): a CSV keeps the ledger's figures whole. */
export function microDecimal(micro: number): string {
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / 1_000_000);
  const fraction = String(abs % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Every cell is the server's own text (translations, numbers, dates): quoted only when it must be. */
const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The yearly summary as CSV: one row per month and source earned, then one per completed payout, then the
 * totals; amounts in US dollars as exact decimals, days as ISO dates, so a spreadsheet reads it in any language.
 * Headers and source names are in the partner's language.
 */
export function yearlyCsv(data: YearlyData, lang: LangCode): string {
  const rows: string[][] = [
    ['section', 'month', 'source', 'statement', 'completed', 'amount_usd', 'fee_usd', 'net_usd'],
  ];
  data.earned.forEach((month, m) => {
    for (const s of EARNING_SOURCES) {
      if (month[s] === 0) continue;
      rows.push([
        'earned',
        `${data.year}-${String(m + 1).padStart(2, '0')}`,
        tr(lang, `sources.${s}`),
        '',
        '',
        microDecimal(month[s]),
        '',
        '',
      ]);
    }
  });
  for (const p of data.payouts)
    rows.push([
      'payout',
      '',
      '',
      String(p.number),
      p.completedAt.toISOString().slice(0, 10),
      microDecimal(p.amountMicro),
      microDecimal(p.feeMicro),
      microDecimal(p.amountMicro - p.feeMicro),
    ]);
  const earned = sum(data.earned.map((m) => sum(Object.values(m))));
  const paid = sum(data.payouts.map((p) => p.amountMicro));
  const fees = sum(data.payouts.map((p) => p.feeMicro));
  rows.push(['total_earned', '', '', '', '', microDecimal(earned), '', '']);
  rows.push([
    'total_paid_out',
    '',
    '',
    '',
    '',
    microDecimal(paid),
    microDecimal(fees),
    microDecimal(paid - fees),
  ]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
