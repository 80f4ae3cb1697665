import { z } from 'zod';
import { COUNTRY_GROUPS, GOLD_LEVEL_IDS, PAYOUT_SYSTEMS, SALE_KINDS, type CountryGroup } from '../product.ts';
import { countryGroupProblems, goldLevelProblems, payoutSystemProblems, type SettingsIssue } from '../rules/settings-check.ts';
import { pageMeta } from './common.ts';
import { operatorSettingsBody } from './operator.ts';
import { EDITABLE_SETTING_KEYS, SETTINGS_BOUNDS, SETTINGS_UNITS, type EditableSettingKey } from './console-lists-settings.ts';
import { staffActorKind } from './staff.ts';

/**
 * The console's Product settings (decision 0163, settings.read / settings.write): the editable settings with their
 * bounds, the change with its effective date, the preview of what partners would see, and the history of versions.
 */
export { EDITABLE_SETTING_KEYS, SETTINGS_BOUNDS, SETTINGS_SECTIONS, SETTINGS_SECTION_KEYS, type EditableSettingKey, type SettingsSection } from './console-lists-settings.ts';

const int = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);
const B = SETTINGS_BOUNDS;

const perGroup = <T extends z.ZodType>(value: T) => z.strictObject(Object.fromEntries(COUNTRY_GROUPS.map((g) => [g, value])) as Record<CountryGroup, T>);
const perPlan = <T extends z.ZodType>(value: T) => z.strictObject({ pps: value, mixed: value, ppd: value });

const listedGroups = COUNTRY_GROUPS.filter((g): g is Exclude<CountryGroup, 'G'> => g !== 'G');

/** Adds the issues of a pure check (paths relative to the settings) to a section's own validation. */
const withIssues =
  <T>(check: (value: T) => SettingsIssue[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const problem of check(value)) ctx.addIssue({ code: 'custom', path: problem.path.slice(1), message: problem.key, params: problem.params });
  };

const goldLevel = z.strictObject({
  level: z.number().int().min(0).max(GOLD_LEVEL_IDS.length - 1),
  id: z.enum(GOLD_LEVEL_IDS),
  bonusBp: int(B.basisPoints),
  coinsToReach: int(B.coins).nullable(),
  efficiencyToReachMicro: int(B.efficiencyMicro).nullable(),
  efficiencyStrict: z.boolean(),
});

const payoutSystemRule = z.strictObject({ feeBp: int(B.basisPoints), feeFixedMicro: int(B.feeFixedMicro), minimumMicro: int(B.minimumMicro) });

/** Each editable setting's shape and bounds, with the checks that stay within it (the order of gold levels, …). */
export const editableSettingsShape = {
  downloadRates: perPlan(perGroup(int(B.rateMicro))),
  saleShares: perPlan(z.strictObject(Object.fromEntries(SALE_KINDS.map((k) => [k, int(B.basisPoints)])) as Record<(typeof SALE_KINDS)[number], z.ZodNumber>)),
  countryGroups: z
    .strictObject(Object.fromEntries(listedGroups.map((g) => [g, z.string().max(B.countryListChars.max)])) as Record<(typeof listedGroups)[number], z.ZodString>)
    .superRefine(withIssues((groups: Record<string, string>) => countryGroupProblems(groups).map(scope('countryGroups')))),
  goldLevels: z.array(goldLevel).superRefine(withIssues((levels) => goldLevelProblems(levels).map(scope('goldLevels')))),
  goldTopLevelKeepCoins: int(B.coins),
  coinAverageDays: int(B.coinAverageDays),
  coinEfficiencyDays: int(B.coinEfficiencyDays),
  payoutSystems: z
    .strictObject(Object.fromEntries(PAYOUT_SYSTEMS.map((s) => [s, payoutSystemRule])) as Record<(typeof PAYOUT_SYSTEMS)[number], typeof payoutSystemRule>)
    .superRefine(withIssues((systems) => payoutSystemProblems(systems).map(scope('payoutSystems')))),
  saleHoldDays: int(B.saleHoldDays),
  walletHoldDays: int(B.walletHoldDays),
  payoutCoolingOffHours: int(B.payoutCoolingOffHours),
  normalTermDays: int(B.termDays),
  premiumTermDays: int(B.termDays),
  storageMicroPerGbMonth: int(B.storageMicroPerGbMonth),
  planChangeEveryDays: int(B.planChangeEveryDays),
} satisfies Record<(typeof EDITABLE_SETTING_KEYS)[number], z.ZodType>;

/** The pure checks answer paths from the settings' root; a section's refinement needs them from the section. */
function scope(key: string) {
  return (problem: SettingsIssue): SettingsIssue => (problem.path[0] === key ? problem : { ...problem, path: [key, ...problem.path] });
}

/** The editable part of a change: any of the editable settings, each whole (a section is replaced, not merged). */
export const editableSettingsChanges = z.strictObject(editableSettingsShape).partial();
export type EditableSettingsChanges = z.infer<typeof editableSettingsChanges>;

/** From when a change is in force: an instant not earlier than the earliest allowed (now plus the ingest skew). */
const effectiveFrom = z.iso.datetime({ offset: true }).optional();

/** PATCH /operator/v1/settings's and POST /operator/v1/settings/preview's body. */
export const settingsChangeBody = operatorSettingsBody.extend({ effective_from: effectiveFrom });
export type SettingsChangeBody = z.infer<typeof settingsChangeBody>;

const diffValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
export const settingsDiffRow = z.object({
  key: z.enum(EDITABLE_SETTING_KEYS as [EditableSettingKey, ...EditableSettingKey[]]),
  item: z.array(z.string()),
  unit: z.enum(SETTINGS_UNITS),
  before: diffValue,
  after: diffValue,
});

/** POST /operator/v1/settings/preview: what partners would see change, from when; nothing is written. */
export const settingsPreviewAnswer = z.object({
  effective_from: z.string(),
  changed: z.array(z.string()),
  rows: z.array(settingsDiffRow),
});
export type SettingsPreviewAnswer = z.infer<typeof settingsPreviewAnswer>;
export type SettingsDiffRowView = z.infer<typeof settingsDiffRow>;

/** GET /operator/v1/settings/history: every version, newest first, paged. */
export const settingsHistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
export const settingsVersion = z.object({
  id: z.number().int(),
  effective_from: z.string(),
  created_at: z.string(),
  /** Who wrote it: a member's or a token's name, or the shared token's X-Operator name. */
  changed_by: z.object({ kind: staffActorKind, name: z.string() }),
  changed: z.array(z.string()),
  /** The changed keys' values before and after this version. */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export const settingsHistoryAnswer = z.object({ data: z.array(settingsVersion), meta: pageMeta });
export type SettingsVersion = z.infer<typeof settingsVersion>;
export type SettingsHistoryAnswer = z.infer<typeof settingsHistoryAnswer>;
