import { eq } from 'drizzle-orm';
import { PROJECTS } from '@pc/core';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { activateProgram } from '../modules/programs/service.ts';

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
  const find = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1))[0];
  if (!(await find())) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({ email: DEMO_EMAIL, passwordHash, firstName: 'Demo', lastName: 'Partner', lang: 'en', confirmedAt: now, createdAt: now })
      .onConflictDoNothing();
  }
  const userId = (await find())!.id;
  for (const project of PROJECTS) await activateProgram(db, userId, project, now);
  return userId;
}
