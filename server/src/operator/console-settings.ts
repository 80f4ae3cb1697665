import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_PRODUCT, operatorSettingsAnswer, operatorSettingsChangeAnswer, PROJECTS, settingsEffectiveFrom, type ProductConfig, type StaffActorKind } from '@pc/core';
import {
  EDITABLE_SETTING_KEYS,
  editableSettingsChanges,
  settingsChangeBody,
  settingsHistoryAnswer,
  settingsHistoryQuery,
  settingsPreviewAnswer,
  type SettingsVersion,
} from '@pc/core/contracts/console-settings';
import { settingsProblems } from '@pc/core/rules/settings-check';
import { changedSettingKeys, settingsDiff } from '@pc/core/rules/settings-preview';
import { productSettings, productSettingsHistory } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { AppError, type LocalizedText } from '../lib/errors.ts';
import { issuesToFieldErrors } from '../lib/validation.ts';
import { lockIngest } from '../ingest/process.ts';
import { loadProduct, loadProductVersions, PRODUCT_SETTINGS_KEY } from '../money/product.ts';
import { actorOf } from './access.ts';
import { audit } from './audit.ts';
import { sameShape } from './service.ts';

/**
 * The product settings of the operator API (decision 0163; settings.read to read and preview, settings.write to
 * change): the settings, a change with its effective date, the preview of what partners would see and the history
 * of versions. The console's editable settings are checked against their bounds and each other (core
 * contracts/console-settings.ts, rules/settings-check.ts); any other key keeps the default's shape, as before.
 */

/** A change may be dated at most this far ahead: further is more likely a typo than a plan. */
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

type Changes = Record<string, unknown>;
type FieldErrors = Record<string, LocalizedText[]>;
const EDITABLE = new Set<string>(EDITABLE_SETTING_KEYS);

const add = (errors: FieldErrors, field: string, text: LocalizedText) => (errors[field] ??= []).push(text);

/** The zod issues of the editable part, as the app's validation answer words them (fields under `changes.`). */
function zodFieldErrors(issues: z.core.$ZodIssue[]): FieldErrors {
  return issuesToFieldErrors(
    issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/changes/${issue.path.join('/')}`,
      message: issue.message,
      params: { ...(issue as unknown as Record<string, unknown>) },
    })),
  );
}

/** The custom checks carry their params (the repeated countries, the level); the generic mapping keeps `field` only. */
function mergeParams(errors: FieldErrors, issues: z.core.$ZodIssue[]) {
  for (const issue of issues) {
    if (issue.code !== 'custom' || !issue.params) continue;
    const field = `changes.${issue.path.join('.')}`;
    for (const text of errors[field] ?? []) if (text.key === issue.message) text.params = { ...text.params, ...issue.params };
  }
}

/**
 * Checks a change against the stored settings: each editable key its shape and bounds, the settings after the
 * change their cross-field rules, any other key the default's shape; the effective date not before the earliest
 * allowed (now plus the ingest skew) nor before the newest version (versions stay in the order they were written).
 * Answers the settings after the change and when it takes effect; throws a 422 with every problem otherwise.
 */
export function checkChange(current: ProductConfig, versions: ReadonlyArray<{ from: string }>, changes: Changes, askedFrom: string | undefined, now: Date) {
  const errors: FieldErrors = {};
  const defaults = DEFAULT_PRODUCT as unknown as Changes;
  const editable: Changes = {};
  for (const [key, value] of Object.entries(changes)) {
    if (EDITABLE.has(key)) editable[key] = value;
    else if (!(key in defaults)) add(errors, `changes.${key}`, { key: 'validation:unknown_field', params: { field: key } });
    else if (!sameShape(defaults[key], value)) add(errors, `changes.${key}`, { key: 'validation:invalid', params: { field: key } });
  }
  const parsed = editableSettingsChanges.safeParse(editable);
  if (!parsed.success) {
    Object.assign(errors, zodFieldErrors(parsed.error.issues));
    mergeParams(errors, parsed.error.issues);
  }
  const next = { ...current, ...changes } as ProductConfig;
  if (parsed.success) {
    // Only problems a changed key takes part in: an old oddity elsewhere does not block an unrelated change.
    for (const problem of settingsProblems(next)) {
      const key = String(problem.path[0]);
      if (key in changes || (key === 'premiumTermDays' && 'normalTermDays' in changes) || (key === 'goldTopLevelKeepCoins' && 'goldLevels' in changes))
        add(errors, `changes.${problem.path.join('.')}`, { key: problem.key, params: { field: String(problem.path.at(-1)), ...problem.params } });
    }
  }
  const earliest = settingsEffectiveFrom(now);
  const newest = versions.at(-1)?.from;
  let effectiveFrom = earliest;
  if (askedFrom !== undefined) {
    const at = new Date(askedFrom);
    if (at.getTime() < earliest.getTime()) add(errors, 'effective_from', { key: 'operator:settings_effective_too_early', params: { at: earliest.toISOString() } });
    else if (at.getTime() > now.getTime() + MAX_AHEAD_MS) add(errors, 'effective_from', { key: 'operator:settings_effective_too_far' });
    effectiveFrom = at;
  }
  if (newest && Date.parse(newest) > effectiveFrom.getTime())
    add(errors, 'effective_from', { key: 'operator:settings_effective_before_newest', params: { at: new Date(newest).toISOString() } });
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, errors);
  return { next, effectiveFrom };
}

/** Who wrote a version, from the name the records keep (audit's actorLabel: `staff:3:Name`, `token:5:ci`, or a name). */
export function changedBy(label: string): { kind: StaffActorKind; name: string } {
  const match = /^(staff|token):\d+:(.*)$/s.exec(label);
  return match ? { kind: match[1] as StaffActorKind, name: match[2]! } : { kind: 'legacy', name: label };
}

/**
 * Every version written by someone, newest first, each with the keys it changed against the version before it
 * (the defaults before the first) and those keys' values before and after. The table gets a row per change, so it
 * stays small; it is read whole and paged here.
 */
async function settingsHistory(db: Tx, page: number, perPage: number): Promise<{ data: SettingsVersion[]; total: number }> {
  const rows = await db
    .select()
    .from(productSettingsHistory)
    .where(eq(productSettingsHistory.key, PRODUCT_SETTINGS_KEY))
    .orderBy(asc(productSettingsHistory.effectiveFrom), asc(productSettingsHistory.id));
  const versions: SettingsVersion[] = [];
  let previous = DEFAULT_PRODUCT as unknown as Changes;
  for (const row of rows) {
    const value = { ...(DEFAULT_PRODUCT as unknown as Changes), ...row.value };
    if (row.changedBy !== 'seed') {
      const changed = changedSettingKeys(previous, value);
      versions.push({
        id: row.id,
        effective_from: row.effectiveFrom.toISOString(),
        created_at: row.createdAt.toISOString(),
        changed_by: changedBy(row.changedBy),
        changed,
        before: Object.fromEntries(changed.map((k) => [k, previous[k]])),
        after: Object.fromEntries(changed.map((k) => [k, value[k]])),
      });
    }
    previous = value;
  }
  versions.reverse();
  return { data: versions.slice((page - 1) * perPage, page * perPage), total: versions.length };
}

export async function consoleSettingsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  app.get(
    '/settings',
    { config: { permission: 'settings.read' }, schema: { tags: ['operator'], response: { 200: operatorSettingsAnswer } } },
    async () => ({ value: (await loadProduct(db)) as unknown as Changes }),
  );

  /** What partners would see change, from when: the same checks as the change, nothing written. */
  app.post(
    '/settings/preview',
    { config: { permission: 'settings.read' }, schema: { tags: ['operator'], body: settingsChangeBody, response: { 200: settingsPreviewAnswer } } },
    async (request) => {
      const current = await loadProduct(db);
      const { next, effectiveFrom } = checkChange(current, await loadProductVersions(db), request.body.changes, request.body.effective_from, clock.now());
      return {
        effective_from: effectiveFrom.toISOString(),
        changed: changedSettingKeys(current as unknown as Changes, next as unknown as Changes),
        rows: settingsDiff(current, next),
      };
    },
  );

  /**
   * Changes product settings by top-level key. Prices (rates, shares, country groups, …) apply to events dated from
   * `effective_from` (by default, and at the earliest, five minutes on); events dated before keep the old ones,
   * whenever they arrive. The stored settings, the new version and the audit row are written in one transaction.
   */
  app.patch(
    '/settings',
    { config: { permission: 'settings.write' }, schema: { tags: ['operator'], body: settingsChangeBody, response: { 200: operatorSettingsChangeAnswer } } },
    async (request) => {
      const { changes, effective_from: askedFrom } = request.body;
      const now = clock.now();
      const { value, effectiveFrom } = await db.transaction(async (tx) => {
        // No batch may be half-way while the new version is written: each one prices with the versions it read.
        for (const project of PROJECTS) await lockIngest(tx, project);
        const currentProduct = await loadProduct(tx);
        const versions = await loadProductVersions(tx);
        const { next, effectiveFrom } = checkChange(currentProduct, versions, changes, askedFrom, now);
        const current = currentProduct as unknown as Changes;
        await tx
          .update(productSettings)
          .set({ value: next as unknown as Changes, updatedAt: now, updatedBy: request.operator })
          .where(eq(productSettings.key, PRODUCT_SETTINGS_KEY));
        if (versions.length === 0) {
          // The first change: what was in force so far stays in force for everything before it.
          await tx.insert(productSettingsHistory).values({ key: PRODUCT_SETTINGS_KEY, effectiveFrom: new Date(0), value: current, changedBy: 'seed' });
        }
        await tx.insert(productSettingsHistory).values({ key: PRODUCT_SETTINGS_KEY, effectiveFrom, value: next as unknown as Changes, changedBy: request.operator });
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k]]));
        await audit(
          tx,
          actorOf(request),
          { action: 'settings.change', targetType: 'settings', targetId: PRODUCT_SETTINGS_KEY, before, after: { ...changes, effective_from: effectiveFrom.toISOString() } },
          request.ip,
          now,
        );
        return { value: next as unknown as Changes, effectiveFrom };
      });
      return { value, changed: Object.keys(changes).sort(), effective_from: effectiveFrom.toISOString() };
    },
  );

  app.get(
    '/settings/history',
    { config: { permission: 'settings.read' }, schema: { tags: ['operator'], querystring: settingsHistoryQuery, response: { 200: settingsHistoryAnswer } } },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await settingsHistory(db, page, perPage);
      return { data, meta: { page, per_page: perPage, total } };
    },
  );
}
