import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  addDaysToDay,
  addMonthsToDay,
  checkTrialRequest,
  dayKey,
  dayStart,
  monthFirstDay,
  monthKey,
  addMonthsToMonth,
  qualifiesForUnlimited,
  DASHBOARD_PATHS,
  activateUnlimitedAnswer,
  activateUnlimitedBody,
} from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { lockKey, rows } from '../../db/sql.ts';
import { loadProduct } from '../../money/product.ts';

/**
 * POST /dashboard/activate-unlimited-status (docs/product.md#storage): a partner whose last 30 closed days qualify gets the
 * automatic status at once (until the month end, when the month close extends it); anyone else may request a
 * trial of 1 or 2 months, at most 2 trial months in any rolling 12 months (core checkTrialRequest).
 */
export async function unlimitedRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  app.post(
    DASHBOARD_PATHS.activateUnlimitedStatus,
    { preHandler: app.requireUser, schema: { tags: ['dashboard'], body: activateUnlimitedBody, response: { 200: activateUnlimitedAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { app: project, months } = request.body;
      const now = clock.now();
      const today = dayKey(now);
      return database.db.transaction(async (tx) => {
        await lockKey(tx, `unlimited:${user.id}:${project}`);
        const product = await loadProduct(tx);
        const history = await rows<{ kind: 'auto' | 'trial'; starts_on: string; ends_on: string; months: number }>(
          tx,
          sql`select kind, starts_on::text as starts_on, ends_on::text as ends_on, months::int as months from unlimited_periods
              where user_id = ${user.id} and project = ${project} order by starts_on`,
        );
        const periods = history.map((h) => ({ kind: h.kind, start: dayStart(h.starts_on), end: dayStart(h.ends_on), months: h.months }));
        if (periods.some((p) => p.start <= now && now < p.end)) throw new AppError('conflict', { key: 'unlimited:already_unlimited' });

        const from = addDaysToDay(today, -product.unlimitedWindowDays);
        const to = addDaysToDay(today, -1);
        const [window] = await rows<{ revenue: number; storage: number }>(
          tx,
          sql`select
                (select coalesce(sum(amount_micro), 0)::bigint from ledger_entries where user_id = ${user.id} and project = ${project}
                   and source <> 'payout' and day between ${from}::date and ${to}::date) as revenue,
                (select coalesce(sum(cost_micro), 0)::bigint from storage_days where user_id = ${user.id} and project = ${project}
                   and day between ${from}::date and ${to}::date) as storage`,
        );
        if (qualifiesForUnlimited({ revenue30dMicro: window?.revenue ?? 0, storageCost30dMicro: window?.storage ?? 0 }, product)) {
          const end = monthFirstDay(addMonthsToMonth(monthKey(today), 1));
          await tx.execute(sql`insert into unlimited_periods (user_id, project, kind, starts_on, ends_on, months, created_at)
            values (${user.id}, ${project}, 'auto', ${today}::date, ${end}::date, 1, ${now}) on conflict (user_id, project, kind, starts_on) do nothing`);
          return { data: { kind: 'auto' as const, start: dayStart(today).toISOString(), end: dayStart(end).toISOString(), months: 1 } };
        }

        const check = checkTrialRequest({ months, history: periods, now }, product);
        if (!check.allowed) {
          if (check.reason === 'limit_reached')
            throw new AppError('conflict', { key: 'unlimited:limit_reached', params: { date: dayKey(check.allowedAt) } }, undefined, {
              allowed_at: check.allowedAt.toISOString(),
            });
          if (check.reason === 'already_unlimited') throw new AppError('conflict', { key: 'unlimited:already_unlimited' });
          throw new AppError('validation_failed', undefined, { months: [{ key: 'unlimited:invalid_length' }] });
        }
        // Periods are kept by UTC day: the trial runs from today for `months` calendar months.
        const end = addMonthsToDay(today, check.months);
        await tx.execute(sql`insert into unlimited_periods (user_id, project, kind, starts_on, ends_on, months, created_at)
          values (${user.id}, ${project}, 'trial', ${today}::date, ${end}::date, ${check.months}, ${now})`);
        return { data: { kind: 'trial' as const, start: dayStart(today).toISOString(), end: dayStart(end).toISOString(), months: check.months } };
      });
    },
  );
}
