import { sql } from 'drizzle-orm';
import {
  addDaysToDay,
  checkPlanCancel,
  checkPlanChange,
  dayKey,
  dayStart,
  freeDownloadSettingsAvailable,
  planAt,
  planChangeAllowedAt,
  planEffectiveFrom,
  planSchedule,
  priceVariationsProblem,
  productInForce,
  saleKindOf,
  simulatePlans,
  COUNTRY_GROUPS,
  type CountryGroup,
  type FreeDownloadMode,
  type LangCode,
  type Plan,
  type PlanRow,
  type PriceVariationsProblem,
  type PlansAnswer,
  type ProductConfig,
  type ProjectId,
  type RevenueType,
  type SimulationAnswer,
  type SimulationDay,
} from '@pc/core';
import type { Database } from '../../db/client.ts';
import { partnerPlans, partnerPlanSettings } from '../../db/schema/index.ts';
import { lockKey, num, rows, str, dayStr, type Tx } from '../../db/sql.ts';
import { AppError, type LocalizedText } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { FILES_COLUMNS, sumOf } from '../../money/earning-columns.ts';
import { loadProduct, loadProductVersions } from '../../money/product.ts';

/**
 * The rate plans page (decision 0140): the plan history of a partner in a project (partner_plans), the choice of
 * the next plan under core's rules (checkPlanChange), the free-download settings and price variations
 * (partner_plan_settings), and the simulator over the statistics rollups.
 */

interface StoredRow extends PlanRow {
  effectiveFrom: Date;
  chosenAt: Date;
}

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/**
 * The partner's plan rows in a project, oldest first. The row the programme's activation wrote (the default plan,
 * effective_from = chosen_at = activated_at) is marked: it is not a choice (start/service.ts reads it the same way).
 */
export async function planRows(tx: Pick<Tx, 'execute'>, userId: number, project: ProjectId): Promise<StoredRow[]> {
  const found = await rows<{ plan: Plan; effective_from: unknown; chosen_at: unknown; activation: boolean }>(
    tx,
    sql`select p.plan, p.effective_from, p.chosen_at,
          coalesce(p.effective_from = g.activated_at and p.chosen_at = g.activated_at, false) as activation
        from partner_plans p
        left join partner_programs g on g.user_id = p.user_id and g.project = p.project
        where p.user_id = ${userId} and p.project = ${project}
        order by p.effective_from`,
  );
  return found.map((r) => ({ plan: r.plan, effectiveFrom: new Date(iso(r.effective_from)), chosenAt: new Date(iso(r.chosen_at)), activation: r.activation === true }));
}

interface Settings {
  mode: FreeDownloadMode;
  newFilesFree: boolean;
  inboxFree: boolean;
  maxFreeSizeBytes: number | null;
  priceVariations: string[];
}

const DEFAULT_SETTINGS: Settings = { mode: 'allow_all', newFilesFree: true, inboxFree: true, maxFreeSizeBytes: null, priceVariations: [] };

async function loadSettings(tx: Pick<Tx, 'execute'>, userId: number, project: ProjectId): Promise<Settings> {
  const [row] = await rows<{ mode: FreeDownloadMode; new_files_free: boolean; inbox_free: boolean; max_free_size_bytes: unknown; price_variations: unknown }>(
    tx,
    sql`select free_download_mode as mode, new_files_free, inbox_free, max_free_size_bytes, price_variations
        from partner_plan_settings where user_id = ${userId} and project = ${project}`,
  );
  if (!row) return DEFAULT_SETTINGS;
  const variations = typeof row.price_variations === 'string' ? (JSON.parse(row.price_variations) as unknown) : row.price_variations;
  return {
    mode: row.mode,
    newFilesFree: row.new_files_free,
    inboxFree: row.inbox_free,
    maxFreeSizeBytes: row.max_free_size_bytes === null ? null : num(row.max_free_size_bytes),
    priceVariations: Array.isArray(variations) ? variations.map(String) : [],
  };
}

/** Whether the free-download settings can be changed: PPS is in force now or is the plan scheduled next. */
function freeDownloadsOpen(history: readonly PlanRow[], now: Date, product: ProductConfig): boolean {
  const { current, next } = planSchedule(history, now, product);
  return freeDownloadSettingsAvailable(current) || (next !== null && freeDownloadSettingsAvailable(next.plan));
}

/** The page's state (contract core/src/contracts/plans.ts). */
export async function plansState(tx: Pick<Tx, 'execute'>, userId: number, project: ProjectId, now: Date, product: ProductConfig): Promise<PlansAnswer> {
  const history = await planRows(tx, userId, project);
  const settings = await loadSettings(tx, userId, project);
  const { current, next } = planSchedule(history, now, product);
  const since = [...history].reverse().find((r) => r.effectiveFrom.getTime() <= now.getTime());
  const allowedAt = planChangeAllowedAt(history, product);
  const allowedNow = allowedAt === null || allowedAt.getTime() <= now.getTime();
  const available = product.premiumPriceVariations[project] ?? [];
  const picked = new Set(settings.priceVariations);
  return {
    current: { plan: current, since: since ? since.effectiveFrom.toISOString() : null },
    next: next ? { plan: next.plan, effective_from: next.effectiveFrom.toISOString() } : null,
    change: { allowed_now: allowedNow, allowed_at: allowedNow ? null : allowedAt!.toISOString(), effective_from: planEffectiveFrom(now, product).toISOString() },
    history: [...history].reverse().map((r) => ({
      plan: r.plan,
      effective_from: r.effectiveFrom.toISOString(),
      chosen_at: r.chosenAt.toISOString(),
      activation: r.activation === true,
    })),
    free_downloads: {
      available: freeDownloadsOpen(history, now, product),
      mode: settings.mode,
      new_files_default: settings.newFilesFree,
      inbox_default: settings.inboxFree,
      max_file_size_bytes: settings.maxFreeSizeBytes,
    },
    price_variations: {
      available: available.map((v) => ({ id: v.id, days: v.days, price: v.priceMicro })),
      // In the project's order; an id the operator has since removed from the list is not shown.
      selected: available.filter((v) => picked.has(v.id)).map((v) => v.id),
    },
    country_groups: Object.fromEntries(
      COUNTRY_GROUPS.map((g) => [g, g === 'G' ? [] : (product.countryGroups[g] ?? '').split(/\s+/).filter(Boolean)]),
    ) as Record<CountryGroup, string[]>,
  };
}

/** A moment in a message: date and time in the reader's language, UTC (as every time in the cabinet). */
function dateTime(at: Date, lang: LangCode): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(at);
}
function day(at: Date, lang: LangCode): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(at);
}

const refusal = (field: string, key: string, params?: Record<string, unknown>, extra?: Record<string, string>) => {
  const text: LocalizedText = { key, params };
  return new AppError('validation_failed', text, { [field]: [text] }, extra);
};

/** Every write of the page runs under the partner's lock for the project, one after another. */
async function underLock<T>(database: Database, userId: number, project: ProjectId, work: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await lockKey(tx, `plans:${userId}:${project}`);
    return work(tx);
  });
}

/**
 * Chooses the plan applying from the next day (core checkPlanChange): at most once per planChangeEveryDays since
 * the last choice (the activation's row is none); a refusal is a 422 with the date a change becomes possible.
 */
export async function changePlan(database: Database, userId: number, project: ProjectId, plan: Plan, now: Date, lang: LangCode) {
  return underLock(database, userId, project, async (tx) => {
    const product = await loadProduct(tx);
    const history = await planRows(tx, userId, project);
    const check = checkPlanChange(history, plan, now, product);
    if (!check.allowed) {
      if (check.reason === 'too_soon')
        throw refusal('plan', 'errors:plans.too_soon', { count: product.planChangeEveryDays, date: dateTime(check.allowedAt, lang) }, { allowed_at: check.allowedAt.toISOString() });
      throw refusal('plan', 'errors:plans.same_plan', { plan: t(lang, `errors:plans.names.${plan}`) });
    }
    await tx.insert(partnerPlans).values({ userId, project, plan, effectiveFrom: check.effectiveFrom, chosenAt: now });
    const message = t(lang, 'errors:success.plan_chosen', { plan: t(lang, `errors:plans.names.${plan}`), date: day(check.effectiveFrom, lang) });
    return { message, data: await plansState(tx, userId, project, now, product) };
  });
}

/**
 * Takes back a plan change that has not started (core checkPlanCancel): the plan in force stays, and the wait
 * between changes counts from the choice before again. Refused when nothing is scheduled, and in the last minutes
 * before the change starts, when events of its first day may already be priced with it.
 */
export async function cancelPlanChange(database: Database, userId: number, project: ProjectId, now: Date, lang: LangCode) {
  return underLock(database, userId, project, async (tx) => {
    const product = await loadProduct(tx);
    const history = await planRows(tx, userId, project);
    const check = checkPlanCancel(history, now, product);
    if (!check.allowed) {
      if (check.reason === 'too_late') throw refusal('plan', 'errors:plans.cancel_too_late', { date: dateTime(check.effectiveFrom, lang) });
      throw refusal('plan', 'errors:plans.nothing_scheduled');
    }
    await tx.execute(
      sql`delete from partner_plans where user_id = ${userId} and project = ${project} and effective_from = ${check.effectiveFrom.toISOString()}::timestamptz`,
    );
    const data = await plansState(tx, userId, project, now, product);
    return { message: t(lang, 'errors:success.plan_kept', { plan: t(lang, `errors:plans.names.${data.current.plan}`) }), data };
  });
}

export interface FreeDownloadsInput {
  mode: FreeDownloadMode;
  new_files_default: boolean;
  inbox_default: boolean;
  max_file_size_bytes: number | null;
}

/** Saves the free-download settings; only while PPS is in force or scheduled next (a 422 otherwise). */
export async function saveFreeDownloads(database: Database, userId: number, project: ProjectId, input: FreeDownloadsInput, now: Date, lang: LangCode) {
  return underLock(database, userId, project, async (tx) => {
    const product = await loadProduct(tx);
    const history = await planRows(tx, userId, project);
    if (!freeDownloadsOpen(history, now, product)) throw refusal('mode', 'errors:plans.free_downloads_pps_only');
    const values = {
      freeDownloadMode: input.mode,
      newFilesFree: input.new_files_default,
      inboxFree: input.inbox_default,
      maxFreeSizeBytes: input.max_file_size_bytes,
      updatedAt: now,
    };
    await tx
      .insert(partnerPlanSettings)
      .values({ userId, project, ...values })
      .onConflictDoUpdate({ target: [partnerPlanSettings.userId, partnerPlanSettings.project], set: values });
    return { message: t(lang, 'errors:success.free_downloads_saved'), data: await plansState(tx, userId, project, now, product) };
  });
}

const VARIATION_PROBLEMS: Record<PriceVariationsProblem, string> = {
  too_many: 'errors:plans.too_many_variations',
  unknown: 'errors:plans.unknown_variation',
  duplicate: 'errors:plans.repeated_variation',
};

/**
 * Saves the custom premium price variations picked from the project's list: each known, no repeats, at most
 * maxCustomPriceVariations (the number is not shown to the partner: the refusal says "too many").
 */
export async function savePriceVariations(database: Database, userId: number, project: ProjectId, selected: string[], now: Date, lang: LangCode) {
  return underLock(database, userId, project, async (tx) => {
    const product = await loadProduct(tx);
    const list = product.premiumPriceVariations[project] ?? [];
    const problem = priceVariationsProblem(selected, list.map((v) => v.id), product);
    if (problem) throw refusal('selected', VARIATION_PROBLEMS[problem]);
    const ordered = list.filter((v) => selected.includes(v.id)).map((v) => v.id);
    await tx
      .insert(partnerPlanSettings)
      .values({ userId, project, priceVariations: ordered, updatedAt: now })
      .onConflictDoUpdate({ target: [partnerPlanSettings.userId, partnerPlanSettings.project], set: { priceVariations: ordered, updatedAt: now } });
    return { message: t(lang, 'errors:success.price_variations_saved'), data: await plansState(tx, userId, project, now, product) };
  });
}

/** The simulator's window: the last 30 UTC days, today included (the dashboard's "last 30 days"). */
export const SIMULATION_DAYS = 30;

/**
 * What each plan would have paid for the partner's traffic of the last 30 days in the project (core simulatePlans):
 * counted downloads per day and country group from ingest_daily_country, and the sales that count (applied_sales)
 * by day, kind and amount from the sales state the statistics read (ingest_sales, with the file's video flag as
 * ingest prices them). Each day is priced with the settings in force at its start. `earned` is what ingest booked
 * for the same days (every earning column but the site-referral bonus).
 */
export async function simulation(database: Database, userId: number, project: ProjectId, now: Date): Promise<SimulationAnswer> {
  const to = dayKey(now);
  const from = addDaysToDay(to, -(SIMULATION_DAYS - 1));
  const [versions, history, downloads, sales, earned] = await Promise.all([
    loadProductVersions(database.db),
    planRows(database.db, userId, project),
    database.query<{ day: unknown; country_group: string; counted: unknown }>(
      // The downloads a paying plan would count: counted ones and those the partner's plan or its group did not pay
      // (decision 0200); each plan then prices them by its own rate.
      sql`select day, country_group, sum(counted_downloads + uncounted_pps_plan + uncounted_unpaid_group)::bigint as counted from ingest_daily_country
          where user_id = ${userId} and project = ${project} and day between ${from}::date and ${to}::date
            and counted_downloads + uncounted_pps_plan + uncounted_unpaid_group <> 0
          group by day, country_group`,
    ),
    database.query<{ day: unknown; revenue_type: string | null; is_video: boolean; amount: unknown; count: unknown }>(
      sql`select (s.at at time zone 'UTC')::date as day, s.revenue_type, coalesce(f.known and f.is_video, false) as is_video,
            s.applied_amount_micro as amount, count(*)::bigint as count
          from ingest_sales s left join ingest_files f on f.project = s.project and f.file_id = s.file_id
          where s.user_id = ${userId} and s.project = ${project} and s.applied_sales > 0
            and s.at >= ${dayStart(from)} and s.at < ${dayStart(addDaysToDay(to, 1))}
          group by 1, 2, 3, 4`,
    ),
    database.query<{ earned: unknown }>(
      sql`select coalesce(sum(${sumOf(FILES_COLUMNS)}), 0)::bigint as earned from ingest_daily
          where user_id = ${userId} and project = ${project} and day between ${from}::date and ${to}::date`,
    ),
  ]);
  const days = new Map<string, SimulationDay & { downloads: Partial<Record<CountryGroup, number>>; sales: SimulationDay['sales'][number][] }>();
  const dayOf = (key: string) => {
    let d = days.get(key);
    if (!d) days.set(key, (d = { day: key, downloads: {}, sales: [] }));
    return d;
  };
  let countedDownloads = 0;
  for (const r of downloads) {
    const group = (COUNTRY_GROUPS as readonly string[]).includes(r.country_group) ? (r.country_group as CountryGroup) : 'G';
    const d = dayOf(dayStr(r.day));
    d.downloads[group] = (d.downloads[group] ?? 0) + num(r.counted);
    countedDownloads += num(r.counted);
  }
  let salesCount = 0;
  let salesAmount = 0;
  for (const r of sales) {
    const count = num(r.count);
    const amount = num(r.amount);
    dayOf(dayStr(r.day)).sales.push({ kind: saleKindOf((str(r.revenue_type) || 'direct') as RevenueType, r.is_video === true), amount, count });
    salesCount += count;
    salesAmount += count * amount;
  }
  const current = planAt(history, now, await loadProduct(database.db));
  const result = simulatePlans([...days.values()], { productOf: (d) => productInForce(versions, dayStart(d).toISOString()), prefer: current });
  return {
    from,
    to,
    days: SIMULATION_DAYS,
    current,
    plans: result.outcomes,
    best: result.best,
    traffic: { counted_downloads: countedDownloads, sales: salesCount, sales_amount: salesAmount },
    earned: num(earned[0]?.earned),
  };
}
