import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import { createTestDatabase } from '../test/harness.ts';
import { migrate, migrationFiles } from './migrate.ts';
import type { Database } from './client.ts';

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('database schema', () => {
  it('declares tables', () => {
    expect(tables.length).toBeGreaterThan(5);
  });

  // The Drizzle declarations and the SQL migrations are kept in step by hand; this catches a drift.
  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('%s: every declared column exists', async (name, table) => {
    const declared = getTableConfig(table).columns.map((c) => c.name).sort();
    const rows = await database.query<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${name}`,
    );
    const actual = new Set(rows.map((r) => r.column_name));
    expect(declared.filter((c) => !actual.has(c))).toEqual([]);
  });

  it('migrating an up-to-date database applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
    const applied = await database.query<{ name: string }>(sql`select name from schema_migrations order by name`);
    expect(applied.map((r) => r.name)).toEqual(migrationFiles().map((f) => f.name));
  });
});
