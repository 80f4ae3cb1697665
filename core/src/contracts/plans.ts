import { z } from 'zod';
import { COUNTRY_GROUPS, PLANS } from '../product.ts';
import { FREE_DOWNLOAD_MODES } from '../rules/plans.ts';
import { formBool, isoDate, projectSchema } from './common.ts';

/**
 * The rate plans page (docs/product.md#rate-plans; decision 0140):
 * GET /api/rates?app= answers the plan in force, the plan from the next day, when a change is possible, the plan
 * history, the free-download settings (PPS) and the custom premium price variations; POST /api/rates?app= {plan}
 * chooses a plan; POST /rates/free-downloads and /rates/price-variations save the settings; GET /rates/simulation
 * answers what each plan would have paid for the last 30 days of the partner's traffic.
 */
export { PLANS_PATHS } from './paths.ts';

const micro = z.number().int();
const planSchema = z.enum(PLANS);
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const plansQuery = z.strictObject({ app: projectSchema });
export type PlansQuery = z.infer<typeof plansQuery>;

export const planHistoryRow = z.object({
  plan: planSchema,
  /** 00:00 UTC of the day the plan applies from (the activation's moment for the activation's row). */
  effective_from: isoDate,
  chosen_at: isoDate,
  /** The row the programme's activation wrote (the default plan): not a choice, it starts no wait. */
  activation: z.boolean(),
});
export type PlanHistoryRow = z.infer<typeof planHistoryRow>;

export const freeDownloadSettingsView = z.object({
  /** Whether the settings can be changed: PPS is in force now or from the next day. They apply only on PPS. */
  available: z.boolean(),
  mode: z.enum(FREE_DOWNLOAD_MODES),
  /** Under `individual`: whether a new file may be downloaded for free. */
  new_files_default: z.boolean(),
  /** Under `individual`: whether a new file in the Inbox folder may be downloaded for free. */
  inbox_default: z.boolean(),
  /** Files larger than this are never free, bytes; null = unlimited. */
  max_file_size_bytes: z.number().int().positive().nullable(),
});
export type FreeDownloadSettingsView = z.infer<typeof freeDownloadSettingsView>;

export const priceVariationView = z.object({ id: z.string(), days: z.number().int(), price: micro });
export type PriceVariationView = z.infer<typeof priceVariationView>;

export const plansAnswer = z.object({
  current: z.object({
    plan: planSchema,
    /** Since when it applies; null for the default plan with no history. */
    since: isoDate.nullable(),
  }),
  /** The plan chosen to apply from the next day (or the one after, near midnight); null when none is scheduled. */
  next: z.object({ plan: planSchema, effective_from: isoDate }).nullable(),
  change: z.object({
    /** Whether a plan can be chosen now. */
    allowed_now: z.boolean(),
    /** When the next change becomes possible, while it is not; null when it is possible now. */
    allowed_at: isoDate.nullable(),
    /** From when a plan chosen now would apply. */
    effective_from: isoDate,
  }),
  /** The plan history in this project, newest first. */
  history: z.array(planHistoryRow),
  free_downloads: freeDownloadSettingsView,
  price_variations: z.object({
    /** The project's list to pick from. */
    available: z.array(priceVariationView),
    /** The ids picked, in the project's order. */
    selected: z.array(z.string()),
  }),
  /** The countries (ISO 3166-1 alpha-2) of each group; G is every other country and unknown (an empty list). */
  country_groups: z.record(z.enum(COUNTRY_GROUPS), z.array(z.string())),
});
export type PlansAnswer = z.infer<typeof plansAnswer>;

/** POST /api/rates?app= : the plan to apply from the next day. */
export const changePlanBody = z.strictObject({ plan: planSchema });

/** A size in bytes from a form (digits) or JSON (a number); `unlimited` (or JSON null) for no cap. */
const maxFileSize = z.preprocess(
  (v) => {
    if (v === null || v === 'unlimited') return null;
    if (typeof v === 'string' && /^\s*\d{1,16}\s*$/.test(v)) return Number(v.trim());
    return v;
  },
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
);

/** POST /api/rates/free-downloads?app= : the whole free-download settings. */
export const freeDownloadsBody = z.strictObject({
  mode: z.enum(FREE_DOWNLOAD_MODES),
  new_files_default: formBool,
  inbox_default: formBool,
  max_file_size_bytes: maxFileSize,
});
export type FreeDownloadsBody = z.input<typeof freeDownloadsBody>;

/** POST /api/rates/price-variations?app= : the ids picked (a JSON array, repeated form fields, or comma-separated). */
export const priceVariationsBody = z.strictObject({
  selected: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().trim().min(1).max(64)).max(50),
  ),
});
export type PriceVariationsBody = z.input<typeof priceVariationsBody>;

/** The answer of every write on the page: a localized message and the page's new state. */
export const plansWriteAnswer = z.object({ success: z.literal(true), message: z.string(), data: plansAnswer });
export type PlansWriteAnswer = z.infer<typeof plansWriteAnswer>;

export const planOutcomeView = z.object({
  plan: planSchema,
  /** What the counted downloads would have paid, micro-USD. */
  downloads: micro,
  /** The plan's share of the sales, micro-USD. */
  sales: micro,
  total: micro,
});
export type PlanOutcomeView = z.infer<typeof planOutcomeView>;

/** GET /api/rates/simulation?app= : the last 30 UTC days (today included) of the partner's traffic under each plan. */
export const simulationAnswer = z.object({
  from: dayString,
  to: dayString,
  days: z.number().int(),
  /** The plan in force now. */
  current: planSchema,
  /** One row per plan, in the product's order. */
  plans: z.array(planOutcomeView),
  /** The plan that would have paid most; null without traffic that any plan pays for. */
  best: planSchema.nullable(),
  /** The traffic priced: counted downloads, and sales that count (ok or on hold) with their amount. */
  traffic: z.object({ counted_downloads: z.number().int(), sales: z.number().int(), sales_amount: micro }),
  /** What the partner actually earned from downloads and sale shares in those days, under the plans in force. */
  earned: micro,
});
export type SimulationAnswer = z.infer<typeof simulationAnswer>;

/**
 * GET /ingest/v1/{project}/partners/{app_users_id}/download-settings (the file host's ingest token): what the
 * file host needs to serve a partner's files as the partner chose on the rate plans page (docs/ingest.md).
 */
export const hostDownloadSettingsAnswer = z.object({
  app_users_id: z.number().int(),
  /** False for a blocked or deactivated account. */
  active: z.boolean(),
  plan: planSchema,
  /** The plan chosen to apply from the next UTC midnight, when one is scheduled. */
  next: z.object({ plan: planSchema, effective_from: isoDate }).nullable(),
  /** They apply only while the plan is PPS: on Mixed and PPD every download may be free. */
  free_downloads: z.object({
    applies: z.boolean(),
    mode: z.enum(FREE_DOWNLOAD_MODES),
    new_files_default: z.boolean(),
    inbox_default: z.boolean(),
    max_file_size_bytes: z.number().int().positive().nullable(),
  }),
  /** The premium price variations the partner picked from the project's list, in its order (empty: the defaults). */
  price_variations: z.array(priceVariationView),
});
export type HostDownloadSettingsAnswer = z.infer<typeof hostDownloadSettingsAnswer>;
