import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/harness.ts';
import { statementName, type Database } from './client.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

// A prepared read (a name PostgreSQL keeps the statement under) answers as the same read run plainly: the same
// values, with dates, times and big integers as the same strings, whichever connection of the pool runs it.
it('answers a prepared read as the plain read, every time and with other values', async () => {
  const read = (day: string, n: number) => sql`
    select ${day}::date as day, ${`${day}T10:30:00Z`}::timestamptz as at, (${day}::date - 1)::timestamp as midnight,
           ${n}::bigint * 1000000000 as big, ${n}::int as small, interval '1 day' * ${n} as span, ${'fd1'}::text as project,
           null::date as none`;
  for (const [day, n] of [['2026-11-20', 3], ['2025-01-31', 7], ['2026-11-20', 3]] as const) {
    const plain = await database.query(read(day, n));
    // Several at once, so more than one connection of the pool prepares it.
    const prepared = await Promise.all([1, 2, 3].map(() => database.query(read(day, n), { prepared: 'client_test_read' })));
    for (const rows of prepared) expect(rows).toEqual(plain);
  }
  const [row] = await database.query(read('2026-11-20', 3), { prepared: 'client_test_read' });
  expect(typeof row!.day).toBe('string');
  expect(typeof row!.at).toBe('string');
  expect(String(row!.big)).toBe('3000000000');
});

// Named after their texts, the variants of one read (another filter, another order) are each kept under their own
// name, so none answers with another's statement.
it('keeps each text of a read named after its text apart', async () => {
  const read = (order: 'asc' | 'desc', min: number) => sql`
    select n from generate_series(1, 5) as n where n >= ${min} order by n ${sql.raw(order)}`;
  for (let round = 0; round < 2; round++) {
    expect(await database.query(read('asc', 2), { prepared: true })).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    expect(await database.query(read('desc', 4), { prepared: true })).toEqual([{ n: 5 }, { n: 4 }]);
  }
  expect(statementName('select 1')).toBe(statementName('select 1'));
  expect(statementName('select 1')).not.toBe(statementName('select 2'));
});
