import { DEFAULT_PRODUCT, type Plan, type ProductConfig } from '../product.ts';
import { addDaysToInstant, nextUtcMidnight, toDate, type Instant } from './time.ts';

/**
 * One row of a partner's plan history in a project (table `partner_plans`): the plan applies from
 * `effectiveFrom` (a UTC midnight) until the next row's. `chosenAt` is when the partner chose it.
 */
export interface PlanRow {
  plan: Plan;
  effectiveFrom: Instant;
  chosenAt?: Instant | null;
  /**
   * The row the programme's activation wrote (the default plan from the activation): not the partner's choice,
   * so it does not start the wait between changes.
   */
  activation?: boolean;
}

/** The plan of a partner with no plan history: Mixed. */
export function defaultPlan(product: ProductConfig = DEFAULT_PRODUCT): Plan {
  return product.defaultPlan;
}

/**
 * The plan in force at a moment: the row with the latest `effectiveFrom` at or before it; the default plan
 * when there is none (no history, or a moment before the first row). Row order does not matter.
 */
export function planAt(rows: readonly PlanRow[], at: Instant, product: ProductConfig = DEFAULT_PRODUCT): Plan {
  const t = toDate(at).getTime();
  let best: { plan: Plan; from: number } | null = null;
  for (const row of rows) {
    const from = toDate(row.effectiveFrom).getTime();
    if (from <= t && (best === null || from >= best.from)) best = { plan: row.plan, from };
  }
  return best?.plan ?? product.defaultPlan;
}

/** What the plan page shows: the plan in force now and, when a change is scheduled, the next plan and its start. */
export function planSchedule(
  rows: readonly PlanRow[],
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): { current: Plan; next: { plan: Plan; effectiveFrom: Date } | null } {
  const t = toDate(now).getTime();
  const current = planAt(rows, now, product);
  let next: { plan: Plan; effectiveFrom: Date } | null = null;
  for (const row of rows) {
    const from = toDate(row.effectiveFrom);
    if (from.getTime() > t && (next === null || from.getTime() < next.effectiveFrom.getTime())) {
      next = { plan: row.plan, effectiveFrom: from };
    }
  }
  return { current, next };
}

/**
 * When the partner last chose a plan: the latest `chosenAt` (or `effectiveFrom` when missing); null without a
 * choice (no rows, or only the activation's row).
 */
export function lastPlanChoiceAt(rows: readonly PlanRow[]): Date | null {
  let last: Date | null = null;
  for (const row of rows) {
    if (row.activation) continue;
    const at = toDate(row.chosenAt ?? row.effectiveFrom);
    if (last === null || at.getTime() > last.getTime()) last = at;
  }
  return last;
}

/**
 * From when the partner may choose a plan again: `planChangeEveryDays` after the last choice; null when a change
 * is possible at any time (no choice yet). A moment in the past means "now".
 */
export function planChangeAllowedAt(rows: readonly PlanRow[], product: ProductConfig = DEFAULT_PRODUCT): Date | null {
  const last = lastPlanChoiceAt(rows);
  return last === null ? null : addDaysToInstant(last, product.planChangeEveryDays);
}

/**
 * From when a plan chosen at `now` applies: the next 00:00 UTC after `now` plus the ingest's future skew. Ingest
 * accepts events up to `futureSkewMs` ahead, so in the last minutes of a UTC day an event of the next day may
 * already be priced; the change then applies from the midnight after, and no priced event ever changes plan.
 */
export function planEffectiveFrom(now: Instant, product: ProductConfig = DEFAULT_PRODUCT): Date {
  return nextUtcMidnight(new Date(toDate(now).getTime() + product.futureSkewMs));
}

export type PlanChangeCheck =
  | { allowed: true; effectiveFrom: Date }
  | { allowed: false; reason: 'too_soon'; allowedAt: Date }
  | { allowed: false; reason: 'same_plan' };

/**
 * Whether the partner may choose `plan` now, and from when it applies.
 * - A change is allowed once per `planChangeEveryDays` (7) days counted from the last choice (`chosenAt`);
 *   with no history (the default plan, no row) the first change is allowed at once.
 * - It applies from the next 00:00 UTC after `now` (planEffectiveFrom: the one after that in the last minutes of
 *   a day), never earlier, so no event's plan depends on when it arrives.
 * - Choosing the plan that would be in force from then anyway is refused as `same_plan`.
 * - The activation's row does not count as a choice.
 */
export function checkPlanChange(
  rows: readonly PlanRow[],
  plan: Plan,
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): PlanChangeCheck {
  const effectiveFrom = planEffectiveFrom(now, product);
  const allowedAt = planChangeAllowedAt(rows, product);
  if (allowedAt !== null && toDate(now).getTime() < allowedAt.getTime()) return { allowed: false, reason: 'too_soon', allowedAt };
  if (planAt(rows, effectiveFrom, product) === plan) return { allowed: false, reason: 'same_plan' };
  return { allowed: true, effectiveFrom };
}

export type PlanCancelCheck =
  | { allowed: true; effectiveFrom: Date; plan: Plan }
  | { allowed: false; reason: 'nothing_scheduled' }
  | { allowed: false; reason: 'too_late'; effectiveFrom: Date };

/**
 * Whether the partner may take back a plan change that has not started yet, keeping the plan in force.
 * - Only a chosen plan that starts after `now` can be taken back (the activation's row is not a choice).
 * - Not in the last `futureSkewMs` before it starts: ingest accepts events up to that far ahead, so an event of
 *   its first day may already be priced with it, and no priced event ever changes plan.
 * - Taken back, the choice is gone: the wait between changes counts from the choice before it again.
 */
export function checkPlanCancel(rows: readonly PlanRow[], now: Instant, product: ProductConfig = DEFAULT_PRODUCT): PlanCancelCheck {
  const { next } = planSchedule(
    rows.filter((row) => !row.activation),
    now,
    product,
  );
  if (next === null) return { allowed: false, reason: 'nothing_scheduled' };
  if (next.effectiveFrom.getTime() - toDate(now).getTime() <= product.futureSkewMs) {
    return { allowed: false, reason: 'too_late', effectiveFrom: next.effectiveFrom };
  }
  return { allowed: true, effectiveFrom: next.effectiveFrom, plan: next.plan };
}

// ---------------------------------------------------------------------------------------------------------------
// Free downloads (PPS only) and custom premium price variations

export const FREE_DOWNLOAD_MODES = ['allow_all', 'disallow_all', 'individual'] as const;
export type FreeDownloadMode = (typeof FREE_DOWNLOAD_MODES)[number];

/** A partner's free-download settings in a project (they apply only on PPS). */
export interface FreeDownloadSettings {
  mode: FreeDownloadMode;
  /** The per-file flag a new file gets under `individual`. */
  newFilesDefault: boolean;
  /** The per-file flag a new file uploaded to the Inbox folder gets under `individual`. */
  inboxDefault: boolean;
  /** Files larger than this are never free; null = unlimited. */
  maxFileSizeBytes: number | null;
}

/** Free-download settings exist only on PPS (on Mixed and PPD every download is free and paid per download). */
export function freeDownloadSettingsAvailable(plan: Plan): boolean {
  return plan === 'pps';
}

/** The flag a new file gets: the Inbox default for files in the Inbox folder, the new-files default otherwise. */
export function defaultFreeDownloadFlag(settings: FreeDownloadSettings, inInbox: boolean): boolean {
  return inInbox ? settings.inboxDefault : settings.newFilesDefault;
}

/**
 * Whether a file may be downloaded for free. Outside PPS always. On PPS: never above the maximum size; then
 * allow all / disallow all, or under `individual` the file's own flag (its default when it has none).
 */
export function isFreeDownloadAllowed(
  input: { plan: Plan; settings: FreeDownloadSettings; file: { sizeBytes: number; flag: boolean | null; inInbox: boolean } },
): boolean {
  const { plan, settings, file } = input;
  if (!freeDownloadSettingsAvailable(plan)) return true;
  if (settings.maxFileSizeBytes !== null && file.sizeBytes > settings.maxFileSizeBytes) return false;
  if (settings.mode === 'allow_all') return true;
  if (settings.mode === 'disallow_all') return false;
  return file.flag ?? defaultFreeDownloadFlag(settings, file.inInbox);
}

export type PriceVariationsProblem = 'too_many' | 'unknown' | 'duplicate';

/**
 * Checks a partner's pick of custom premium price variations: at most `maxCustomPriceVariations` (3), each from
 * the project's list, no repeats. null when valid (an empty pick is valid: the project's default prices apply).
 */
export function priceVariationsProblem(
  selected: readonly string[],
  available: readonly string[],
  product: ProductConfig = DEFAULT_PRODUCT,
): PriceVariationsProblem | null {
  if (new Set(selected).size !== selected.length) return 'duplicate';
  if (selected.some((id) => !available.includes(id))) return 'unknown';
  if (selected.length > product.maxCustomPriceVariations) return 'too_many';
  return null;
}
