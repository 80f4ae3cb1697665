import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { recountAndRollups } from './recount.ts';
import { insertPartner, send } from './testing.ts';

// While partners read from the embedded database, a batch is stored in transactions of at most
// INGEST_EMBEDDED_TRANSACTION_EVENTS events (db/turns.ts, decision 0096); otherwise, and on PostgreSQL, in one.
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWithPartner() {
  const t = await createTestApp({ clock: '2026-11-21T12:00:00Z', config: { INGEST_EMBEDDED_TRANSACTION_EVENTS: '2' } });
  apps.push(t);
  const p = await insertPartner(t.ctx.database, 'partner@x.test');
  // Counts the transactions ingest opens.
  const counter = { transactions: 0 };
  const db = t.ctx.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<typeof transaction>[0]) => {
    counter.transactions += 1;
    return transaction(fn);
  }) as typeof db.transaction;
  return { t, app: p.app.fd1, userId: p.userId, counter };
}

/** An upload, downloads from two downloaders (one twice) and a sale of the file. */
function batch(app: number) {
  const base = { app_users_id: app, file_id: 'f1' };
  const download = (id: string, downloader: string, hour: number) => ({
    ...base,
    id,
    type: 'download',
    at: `2026-11-20T${hour}:00:00Z`,
    country: 'US',
    downloader_id: downloader,
    completed: true,
  });
  return [
    { ...base, id: 'u1', type: 'file_uploaded', at: '2026-11-19T01:00:00Z', name: 'f1.zip', size_bytes: 50_000_000 },
    download('d1', 'dl-1', 10),
    download('d2', 'dl-2', 11),
    download('d3', 'dl-1', 12),
    {
      ...base,
      id: 's1',
      type: 'sale',
      at: '2026-11-20T13:00:00Z',
      sale_id: 'S1',
      amount_micro: 10_000_000,
      revenue_type: 'direct',
      buyer_email: 'john@gmail.com',
      payment_system: 'card',
      tariff: '30 days',
      country: 'DE',
    },
  ];
}

async function figures(t: TestApp, userId: number) {
  return t.ctx.database.query(
    sql`select day::text as day, downloads, counted_downloads, unique_downloads, earned_micro, sales, sale_earned_micro
        from ingest_daily where user_id = ${userId} order by day`,
  );
}

describe('ingest beside partners’ reads', () => {
  it('stores a batch in small transactions while partners read from the embedded database, with the same figures', async () => {
    const reading = await appWithPartner();
    const quiet = await appWithPartner();
    // A partner's request (any cabinet call) just came in on the first.
    await reading.t.app.inject({ method: 'GET', url: '/api/user' });

    const first = await send(reading.t.app, 'fd1', batch(reading.app));
    const alone = await send(quiet.t.app, 'fd1', batch(quiet.app));
    expect(first.status).toBe(200);
    expect(first.body).toEqual(alone.body);
    expect(first.body.accepted).toBe(5);
    const embedded = reading.t.ctx.database.kind === 'pglite';
    expect(reading.counter.transactions).toBe(embedded ? 3 : 1);
    expect(quiet.counter.transactions).toBe(1);

    expect(await figures(reading.t, reading.userId)).toEqual(await figures(quiet.t, quiet.userId));
    const { recount, rollups } = await recountAndRollups(reading.t.ctx.database);
    expect(rollups).toEqual(recount);

    // Sent again: every event of every part is a duplicate.
    const again = await send(reading.t.app, 'fd1', batch(reading.app));
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 5, rejected: 0 });
  });
});
