import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Table of migration 0820_business_details.sql (decision 0205): the partner's details printed on payout statements.
export const businessDetails = pgTable('business_details', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
