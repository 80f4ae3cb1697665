import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PostbackEvent, ProjectId } from '@pc/core';

// Tables of migration 0420_postbacks.sql (docs/decisions/0123-postbacks.md).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userId = () => bigint('user_id', { mode: 'number' });

export const postbackSecrets = pgTable('postback_secrets', {
  userId: userId().primaryKey(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull(),
  rotatedAt: ts('rotated_at'),
});

export const postbackEndpoints = pgTable(
  'postback_endpoints',
  {
    userId: userId().notNull(),
    project: text('project').$type<ProjectId>().notNull(),
    url: text('url').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project] })],
);

export const postbackDeliveries = pgTable(
  'postback_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId().notNull(),
    project: text('project').$type<ProjectId>().notNull(),
    event: text('event').$type<PostbackEvent>().notNull(),
    eventKey: text('event_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: ts('first_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    nextAttemptAt: ts('next_attempt_at'),
    statusCode: integer('status_code'),
    error: text('error'),
    deliveredAt: ts('delivered_at'),
    givenUpAt: ts('given_up_at'),
  },
  (t) => [
    unique().on(t.userId, t.project, t.eventKey),
    index('postback_deliveries_log_idx').on(t.userId, t.project, t.id),
    // Migration 0540: the ended deliveries, by age, for the housekeeping.
    index('postback_deliveries_ended_idx').on(t.createdAt).where(sql`next_attempt_at is null`),
  ],
);
