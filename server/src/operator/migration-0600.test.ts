import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationFiles } from '../db/migrate.ts';

// Plain SQL on an embedded database of its own: the same on either test project, so it runs once.
describe.skipIf(process.env.TEST_DB === 'pg')('migration 0600: the operator action log becomes the audit log', () => {
  it('moves every operator_actions row into staff_audit as a legacy row, in order, and drops the old table', async () => {
    const db = await PGlite.create();
    try {
      const files = migrationFiles();
      for (const f of files.filter((f) => f.name < '0600')) await db.exec(f.script);
      await db.exec(`insert into operator_actions (operator, action, target, payload, at) values
        ('alice', 'payout.status', 'payout:42', '{"status":"review","reason":""}', '2026-11-01T10:00:00Z'),
        ('bob', 'settings.change', 'product', '{"before":{"saleHoldDays":14},"after":{"saleHoldDays":21}}', '2026-11-02T10:00:00Z'),
        ('carol', 'notification.publish', 'all', '{"id":3}', '2026-11-03T10:00:00Z'),
        ('dave', 'x.y', '', '{}', '2026-11-04T10:00:00Z')`);
      await db.exec(files.find((f) => f.name.startsWith('0600_'))!.script);
      const rows = await db.query(
        `select id::int, to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, actor_kind, actor_id, actor_name, role, action, target_type, target_id, before, after
         from staff_audit order by id`,
      );
      expect(rows.rows).toEqual([
        { id: 1, day: '2026-11-01', actor_kind: 'legacy', actor_id: null, actor_name: 'alice', role: null, action: 'payout.status', target_type: 'payout', target_id: '42', before: null, after: { status: 'review', reason: '' } },
        {
          id: 2,
          day: '2026-11-02',
          actor_kind: 'legacy',
          actor_id: null,
          actor_name: 'bob',
          role: null,
          action: 'settings.change',
          target_type: 'product',
          target_id: null,
          before: null,
          after: { before: { saleHoldDays: 14 }, after: { saleHoldDays: 21 } },
        },
        { id: 3, day: '2026-11-03', actor_kind: 'legacy', actor_id: null, actor_name: 'carol', role: null, action: 'notification.publish', target_type: 'all', target_id: null, before: null, after: { id: 3 } },
        { id: 4, day: '2026-11-04', actor_kind: 'legacy', actor_id: null, actor_name: 'dave', role: null, action: 'x.y', target_type: null, target_id: null, before: null, after: {} },
      ]);
      const old = await db.query(`select to_regclass('operator_actions') as t`);
      expect(old.rows).toEqual([{ t: null }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
