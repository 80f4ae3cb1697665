import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** Any fixed number: several instances starting at once migrate one after another. */
const MIGRATION_LOCK = 7_301_001;

export function migrationFiles(): Array<{ name: string; script: string }> {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, script: readFileSync(join(MIGRATIONS_DIR, name), 'utf8') }));
}

/** Applies the SQL files of db/migrations in name order, each once, each in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  return database.onOneConnection(async (conn) => {
    // Waiting for another process's migrations, and the migrations themselves, have no statement deadline.
    await conn.exec('set statement_timeout = 0');
    await conn.rows(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      // Under the lock: two processes creating the table at once would collide in the catalog even with
      // "if not exists" (a unique violation on pg_type).
      await conn.exec(`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`);
      const done = new Set((await conn.rows<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const { name, script } of migrationFiles()) {
        if (done.has(name)) continue;
        try {
          await conn.exec(`begin;\n${script}\n;`);
          await conn.rows('insert into schema_migrations(name) values ($1)', [name]);
          await conn.exec('commit');
        } catch (error) {
          await conn.exec('rollback').catch(() => undefined);
          throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await conn.rows(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
      await conn.exec('reset statement_timeout');
    }
  });
}
