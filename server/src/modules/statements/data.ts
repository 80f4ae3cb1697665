import { sql } from 'drizzle-orm';
import { isLangCode, type BusinessDetailsAnswer, type ConvertedCurrency, type LangCode } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { businessDetails } from '../../db/schema/index.ts';
import type { LedgerSource } from '../../db/schema/index.ts';

/**
 * What statements print, read from the ledger and the payout requests (decision 0205). Money is integer micro-USD
 * as stored; nothing here rounds.
 */

/** The earning sources in the order statements list them (every ledger source but the payouts themselves). */
export const EARNING_SOURCES = [
  'files',
  'file_copies',
  'video',
  'sites',
  'referrals',
  'additional',
  'gold_bonus',
] as const satisfies readonly LedgerSource[];
export type EarningSource = (typeof EARNING_SOURCES)[number];

const EMPTY_DETAILS: BusinessDetailsAnswer = { name: '', address: '', tax_id: '', vat_number: '' };

export async function readBusinessDetails(
  database: Database,
  userId: number,
): Promise<BusinessDetailsAnswer> {
  const [row] = await database.query<BusinessDetailsAnswer>(
    sql`select name, address, tax_id, vat_number from business_details where user_id = ${userId}`,
  );
  return row ?? EMPTY_DETAILS;
}

export async function saveBusinessDetails(
  database: Database,
  userId: number,
  details: BusinessDetailsAnswer,
  now: Date,
) {
  const values = {
    name: details.name,
    address: details.address,
    taxId: details.tax_id,
    vatNumber: details.vat_number,
    updatedAt: now,
  };
  await database.db
    .insert(businessDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: businessDetails.userId, set: values });
}

export interface CompletedPayout {
  id: number;
  /** Sequential per partner: the rank of its completion among the partner's completed payouts (1, 2, …). */
  number: number;
  createdAt: Date;
  completedAt: Date;
  amountMicro: number;
  feeMicro: number;
  walletType: string;
  paymentDetails: string;
  convertedCurrency: ConvertedCurrency | null;
  convertedRate: string | null;
  convertedRateDate: string | null;
  convertedMinor: number | null;
}

interface CompletedRow {
  id: string | number;
  created_at: Date | string;
  completed_at: Date | string;
  amount_micro: string | number;
  fee_micro: string | number;
  wallet_type: string;
  payment_details: string;
  converted_currency: ConvertedCurrency | null;
  converted_rate: string | null;
  converted_rate_date: string | null;
  converted_minor: string | number | null;
}

/**
 * Every completed (accepted) payout of a partner in the order it was completed, numbered 1, 2, … A payout's
 * completion is final (accepted is a last state), and a later completion is always later in time, so a statement's
 * number never changes once given (ties at the same moment go by request id).
 */
export async function completedPayouts(database: Database, userId: number): Promise<CompletedPayout[]> {
  const rows = await database.query<CompletedRow>(sql`
    select r.id, r.created_at, h.completed_at, r.amount_micro, r.fee_micro, r.wallet_type, r.payment_details,
           r.converted_currency, r.converted_rate::text as converted_rate, r.converted_rate_date::text as converted_rate_date, r.converted_minor
    from payout_requests r
    join lateral (
      select min(at) as completed_at from payout_request_history where request_id = r.id and to_status = 'accepted'
    ) h on true
    where r.user_id = ${userId} and r.status = 'accepted'
    order by coalesce(h.completed_at, r.updated_at), r.id`);
  return rows.map((r, i) => ({
    id: Number(r.id),
    number: i + 1,
    createdAt: new Date(r.created_at),
    completedAt: new Date(r.completed_at ?? r.created_at),
    amountMicro: Number(r.amount_micro),
    feeMicro: Number(r.fee_micro),
    walletType: r.wallet_type,
    paymentDetails: r.payment_details,
    convertedCurrency: r.converted_currency,
    convertedRate: r.converted_rate,
    convertedRateDate: r.converted_rate_date,
    convertedMinor: r.converted_minor === null ? null : Number(r.converted_minor),
  }));
}

/** The status of a partner's payout request, or null when there is none of theirs with that id. */
export async function payoutStatus(database: Database, userId: number, id: number): Promise<string | null> {
  const [row] = await database.query<{ status: string }>(
    sql`select status from payout_requests where id = ${id} and user_id = ${userId}`,
  );
  return row?.status ?? null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const nextDay = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** Earnings (every ledger entry but payouts, corrections included) by source over the UTC days [from, to]. */
export async function earningsBySource(
  database: Database,
  userId: number,
  from: string | null,
  to: string,
): Promise<Record<EarningSource, number>> {
  const rows = await database.query<{ source: EarningSource; micro: string }>(sql`
    select source, sum(amount_micro)::text as micro from ledger_entries
    where user_id = ${userId} and source <> 'payout' and day <= ${to} ${from === null ? sql`` : sql`and day >= ${from}`}
    group by source`);
  const out = Object.fromEntries(EARNING_SOURCES.map((s) => [s, 0])) as Record<EarningSource, number>;
  for (const r of rows) if (r.source in out) out[r.source] = Number(r.micro);
  return out;
}

export interface StatementData {
  payout: CompletedPayout;
  /** UTC days the earnings were counted over: after the previous completed payout's request day, to this one's. */
  periodFrom: string | null;
  periodTo: string;
  earnings: Record<EarningSource, number>;
  details: BusinessDetailsAnswer;
  email: string;
}

/** A completed payout's statement, or why there is none: `not_found` (not the partner's) or `not_completed`. */
export async function statementData(
  database: Database,
  userId: number,
  id: number,
): Promise<{ ok: true; data: StatementData } | { ok: false; reason: 'not_found' | 'not_completed' }> {
  const status = await payoutStatus(database, userId, id);
  if (status === null) return { ok: false, reason: 'not_found' };
  if (status !== 'accepted') return { ok: false, reason: 'not_completed' };
  const all = await completedPayouts(database, userId);
  const index = all.findIndex((p) => p.id === id);
  const payout = all[index]!;
  const previous = index > 0 ? all[index - 1]! : null;
  const periodTo = isoDay(payout.createdAt);
  const periodFrom = previous ? nextDay(isoDay(previous.createdAt)) : await firstEarningDay(database, userId);
  const earnings = await earningsBySource(database, userId, periodFrom, periodTo);
  const [user] = await database.query<{ email: string }>(sql`select email from users where id = ${userId}`);
  return {
    ok: true,
    data: {
      payout,
      periodFrom,
      periodTo,
      earnings,
      details: await readBusinessDetails(database, userId),
      email: user?.email ?? '',
    },
  };
}

async function firstEarningDay(database: Database, userId: number): Promise<string | null> {
  const [row] = await database.query<{ day: string | null }>(
    sql`select min(day)::text as day from ledger_entries where user_id = ${userId} and source <> 'payout'`,
  );
  return row?.day ?? null;
}

export interface YearlyData {
  year: number;
  /** earned[month 0..11][source] in micro-USD. */
  earned: Array<Record<EarningSource, number>>;
  /** The payouts completed in the year. */
  payouts: CompletedPayout[];
  details: BusinessDetailsAnswer;
  email: string;
}

/** A calendar year (UTC): earnings by month and source from the ledger, and the payouts completed in it. */
export async function yearlyData(database: Database, userId: number, year: number): Promise<YearlyData> {
  const rows = await database.query<{ month: number; source: EarningSource; micro: string }>(sql`
    select extract(month from day)::int as month, source, sum(amount_micro)::text as micro from ledger_entries
    where user_id = ${userId} and source <> 'payout' and day >= ${`${year}-01-01`} and day <= ${`${year}-12-31`}
    group by 1, 2`);
  const earned = Array.from(
    { length: 12 },
    () => Object.fromEntries(EARNING_SOURCES.map((s) => [s, 0])) as Record<EarningSource, number>,
  );
  for (const r of rows)
    if (EARNING_SOURCES.includes(r.source)) earned[Number(r.month) - 1]![r.source] = Number(r.micro);
  const payouts = (await completedPayouts(database, userId)).filter(
    (p) => p.completedAt.getUTCFullYear() === year,
  );
  const [user] = await database.query<{ email: string }>(sql`select email from users where id = ${userId}`);
  return {
    year,
    earned,
    payouts,
    details: await readBusinessDetails(database, userId),
    email: user?.email ?? '',
  };
}

/** A wallet as a statement shows it: what the request kept (already masked for cards and IBANs), else its ends only. */
export function maskedWallet(details: string): string {
  if (/[\u2022\u2026*]/.test(details)) return details;
  const text = details.trim();
  if (text.length <= 6) return text;
  return `${text.slice(0, 2)}\u2026${text.slice(-4)}`;
}

/** The language of the partner's account (the webmaster API's documents are in it unless `?lang=` says otherwise). */
export async function accountLang(database: Database, userId: number): Promise<LangCode> {
  const [row] = await database.query<{ lang: string }>(sql`select lang from users where id = ${userId}`);
  return row && isLangCode(row.lang) ? row.lang : 'en';
}
