import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { FreeDownloadMode } from '@pc/core';

// Tables of migration 0500_plans.sql (docs/decisions/0140-rate-plans.md). The plan history is partnerPlans (accounts.ts).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A partner's free-download settings (PPS) and custom premium price variations in a project; no row: the defaults. */
export const partnerPlanSettings = pgTable(
  'partner_plan_settings',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    project: text('project').notNull(),
    freeDownloadMode: text('free_download_mode').$type<FreeDownloadMode>().notNull().default('allow_all'),
    newFilesFree: boolean('new_files_free').notNull().default(true),
    inboxFree: boolean('inbox_free').notNull().default(true),
    /** null: no size cap. */
    maxFreeSizeBytes: bigint('max_free_size_bytes', { mode: 'number' }),
    /** Ids of the project's price variations (product settings premiumPriceVariations). */
    priceVariations: jsonb('price_variations').$type<string[]>().notNull().default([]),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project] })],
);
