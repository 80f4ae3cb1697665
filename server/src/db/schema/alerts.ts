import { bigint, boolean, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of migration 0430_alerts.sql (docs/decisions/0124-email-alerts.md).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userId = () => bigint('user_id', { mode: 'number' });

/** A partner's alert choices; no row means the defaults (every opt-in kind off, the interface language). */
export const alertSettings = pgTable('alert_settings', {
  userId: userId().primaryKey(),
  sale: boolean('sale').notNull().default(false),
  payoutStatus: boolean('payout_status').notNull().default(false),
  weeklySummary: boolean('weekly_summary').notNull().default(false),
  /** null: the partner's interface language. */
  lang: text('lang'),
  /** Sales earlier than this are never alerted (set when sale alerts are switched on). */
  saleSince: ts('sale_since'),
  updatedAt: ts('updated_at').notNull(),
});

/** A weekly summary claimed for (partner, week's Monday). */
export const alertWeeklySent = pgTable(
  'alert_weekly_sent',
  {
    userId: userId().notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/** A sale already alerted. */
export const alertSalesSent = pgTable(
  'alert_sales_sent',
  {
    project: text('project').notNull(),
    saleId: text('sale_id').notNull(),
    userId: userId().notNull(),
    saleAt: ts('sale_at').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project, t.saleId] }), index('alert_sales_sent_at_idx').on(t.saleAt)],
);
