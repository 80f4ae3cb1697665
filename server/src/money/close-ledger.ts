import { dayEnd, goldBonus, referralCommission, saleDayAvailableAt, type ProductConfig } from '@pc/core';
import { DOWNLOAD_COLUMNS, EARNING_COLUMNS, SALE_COLUMNS, sumRow, type EarningFigures } from './earning-columns.ts';
import type { NewEntry } from './ledger.ts';

/**
 * The day close's ledger, as pure functions (the close in jobs/close.ts reads the figures and writes the result):
 * what a day's rollups call for in the ledger (each earning column, the gold bonus, the referral commissions they
 * earn the uplines), and the reconciliation of those targets with what the ledger already holds into the entries
 * to write — only differences, so a second close of the same figures writes nothing (decision 0051).
 */

/** The ledger sources a day close books (the operator's additional income and payouts are booked elsewhere). */
export const CLOSE_SOURCES = ['files', 'file_copies', 'video', 'sites', 'gold_bonus', 'referrals'] as const;
export type CloseSource = (typeof CLOSE_SOURCES)[number];

export const pairKey = (userId: number, project: string) => `${userId}|${project}`;

/** A partner and project. */
export interface Pair {
  userId: number;
  project: string;
}

/** A partner day of `ingest_daily` with its earning columns. */
export interface RollupRow extends EarningFigures {
  user_id: number;
  project: string;
}

/** A partner, the day they registered, and who invited them (`r1`) and their inviter (`r2`). */
export interface Upline {
  id: number;
  created_day: string;
  r1: number | null;
  r2: number | null;
}

/** One referral commission of the day (`referral_commissions`). */
export interface Commission {
  referrerId: number;
  referralId: number;
  project: string;
  bucket: 'downloads' | 'sales';
  level: 1 | 2;
  base: number;
  rateBp: number;
  amount: number;
}

/** Ledger amounts by `user|project|source|bucket`. */
export type Targets = Map<string, number>;

export function addTarget(targets: Targets, userId: number, project: string, source: string, bucket: string, amount: number) {
  const key = `${userId}|${project}|${source}|${bucket}`;
  targets.set(key, (targets.get(key) ?? 0) + amount);
}

/** The rate a commission was taken at, for the record (bp); exact for the rules' whole-percent rates. */
function rateOf(base: number, amount: number): number {
  return base === 0 ? 0 : Math.round((amount * 10_000) / base);
}

/**
 * What the day's rollups call for: each earning column as its own source and bucket, the gold bonus at the level in
 * force (`levels` by pairKey), and the commissions they earn the partners' uplines. The referrers' own referral
 * income is added from the commissions stored (`addTarget`, source `referrals`).
 */
export function dayTargets(
  day: string,
  rollups: RollupRow[],
  levels: Map<string, number>,
  uplineOf: Map<number, Upline>,
  product: ProductConfig,
): { targets: Targets; commissions: Commission[] } {
  const targets: Targets = new Map();
  const add = (userId: number, project: string, source: string, bucket: string, amount: number) => addTarget(targets, userId, project, source, bucket, amount);
  const commissions: Commission[] = [];
  for (const r of rollups) {
    // Each rollup column to its own ledger source and bucket (money/earning-columns.ts).
    for (const c of EARNING_COLUMNS) add(r.user_id, r.project, c.source, c.bucket, r[c.column]);
    const bases = { downloads: sumRow(r, DOWNLOAD_COLUMNS), sales: sumRow(r, SALE_COLUMNS) };
    const level = levels.get(pairKey(r.user_id, r.project)) ?? 0;
    add(r.user_id, r.project, 'gold_bonus', 'downloads', goldBonus(level, bases.downloads, product));
    add(r.user_id, r.project, 'gold_bonus', 'sales', goldBonus(level, bases.sales, product));
    const up = uplineOf.get(r.user_id);
    for (const bucket of ['downloads', 'sales'] as const) {
      const base = bases[bucket];
      if (up?.r1) {
        const amount = referralCommission({ level: 1, registeredAt: up.created_day, day, baseMicro: base }, product);
        const rateBp = amount === 0 && base !== 0 ? 0 : rateOf(base, amount);
        commissions.push({ referrerId: up.r1, referralId: r.user_id, project: r.project, bucket, level: 1, base, rateBp, amount });
      }
      if (up?.r2) {
        const amount = referralCommission({ level: 2, registeredAt: up.created_day, day, baseMicro: base }, product);
        commissions.push({ referrerId: up.r2, referralId: r.user_id, project: r.project, bucket, level: 2, base, rateBp: product.referral.secondLevelBp, amount });
      }
    }
  }
  return { targets, commissions };
}

/** What the ledger holds for the day per partner, project, source and bucket: the sum and the number of entries. */
export interface HeldSum {
  user_id: number;
  project: string;
  source: string;
  bucket: string;
  amount: number;
  n: number;
}

/**
 * The entries that bring the ledger to the targets. The close manages the keys of its scope — the scope's own
 * sources (every close source but referrals) for each pair in scope, the referrers' referral income, and every key
 * with a target — and writes the difference of each: the first entry of a key is an earning, later ones are
 * corrections, each with its own idempotency key.
 */
export function ledgerWrites(opts: {
  day: string;
  targets: Targets;
  held: HeldSum[];
  scopePairs: Map<string, Pair>;
  referrers: number[];
  product: ProductConfig;
}): NewEntry[] {
  const { day, targets, held, scopePairs, referrers, product } = opts;
  // What the ledger holds for the managed keys: the scope's own sources, and the referrers' referral income.
  const managed = new Set<string>();
  const ownSources = CLOSE_SOURCES.filter((s) => s !== 'referrals');
  const heldBy = new Map(held.map((h) => [`${h.user_id}|${h.project}|${h.source}|${h.bucket}`, h]));
  for (const { userId, project } of scopePairs.values()) for (const s of ownSources) for (const b of ['downloads', 'sales']) managed.add(`${userId}|${project}|${s}|${b}`);
  for (const key of targets.keys()) managed.add(key);
  for (const h of held) {
    const key = `${h.user_id}|${h.project}|${h.source}|${h.bucket}`;
    if (h.source === 'referrals' ? referrers.includes(h.user_id) : scopePairs.has(pairKey(h.user_id, h.project))) managed.add(key);
  }

  const writes: NewEntry[] = [];
  for (const key of managed) {
    const [userIdText, project, source, bucket] = key.split('|') as [string, string, string, string];
    const current = heldBy.get(key);
    const delta = (targets.get(key) ?? 0) - (current?.amount ?? 0);
    if (delta === 0) continue;
    const n = current?.n ?? 0;
    writes.push({
      userId: Number(userIdText),
      project,
      day,
      source: source as CloseSource,
      bucket: bucket as 'downloads' | 'sales',
      kind: n === 0 ? 'earning' : 'correction',
      amountMicro: delta,
      availableAt: bucket === 'sales' ? saleDayAvailableAt(day, product) : dayEnd(day),
      idempotencyKey: `close:${project}:${day}:${source}:${bucket}:${n}`,
    });
  }
  return writes;
}
