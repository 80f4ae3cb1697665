import { and, eq } from 'drizzle-orm';
import { DEFAULT_PRODUCT, PROJECTS } from '@pc/core';
import type { AppContext } from '../context.ts';
import { partnerPlans, partnerPrograms, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

export const DEMO_EMAIL = 'demo@partner.test';
export const DEMO_PASSWORD = 'demo-partner';

/** Whether this start seeds demo data: never in production, and not when SEED_DEMO=false. */
export function demoSeedEnabled(ctx: AppContext): boolean {
  return ctx.config.NODE_ENV !== 'production' && ctx.config.SEED_DEMO !== false;
}

/**
 * The demo partner: confirmed, active, both programmes active with the default plan. Idempotent: safe on
 * every start and from several instances at once; an existing demo account keeps its password and settings.
 * Answers the partner's user id.
 */
export async function ensureDemoPartner(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (!user) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({ email: DEMO_EMAIL, passwordHash, firstName: 'Demo', lastName: 'Partner', lang: 'en', confirmedAt: now, createdAt: now })
      .onConflictDoNothing();
    [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  }
  const userId = user!.id;
  for (const project of PROJECTS) {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(partnerPrograms)
        .values({ userId, project, activatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: partnerPrograms.userId });
      if (!created) return;
      const [plan] = await tx
        .select({ plan: partnerPlans.plan })
        .from(partnerPlans)
        .where(and(eq(partnerPlans.userId, userId), eq(partnerPlans.project, project)))
        .limit(1);
      if (!plan) await tx.insert(partnerPlans).values({ userId, project, plan: DEFAULT_PRODUCT.defaultPlan, effectiveFrom: now, chosenAt: now });
    });
  }
  return userId;
}
