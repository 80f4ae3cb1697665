import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PROJECTS } from '@pc/core';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { activateProgram } from '../modules/programs/service.ts';

const DAY_MS = 86_400_000;

/**
 * The partners the demo partner invited, and those they invited in turn: registered days before the demo account
 * was created (so the demo's history covers their traffic), each with both programmes active from registration.
 * One first-level partner is still in the first three months (12%, with the drop to 6% ahead), the other past
 * them (6%, with the drop to 3% ahead); each invited one partner of their own (second level, 1%).
 * Their traffic comes with the demo's (ingest/demo.ts); the day closes book the commissions.
 */
export const DEMO_INVITED: ReadonlyArray<{ email: string; firstName: string; lastName: string; daysBefore: number; invitedBy: string | null }> = [
  { email: 'mira.santos@mail.test', firstName: 'Mira', lastName: 'Santos', daysBefore: 45, invitedBy: null },
  { email: 'omar.haddad@files.test', firstName: 'Omar', lastName: 'Haddad', daysBefore: 20, invitedBy: 'mira.santos@mail.test' },
  { email: 'lucas.weber@share.test', firstName: 'Lucas', lastName: 'Weber', daysBefore: 160, invitedBy: null },
  { email: 'yuki.tanaka@post.test', firstName: 'Yuki', lastName: 'Tanaka', daysBefore: 130, invitedBy: 'lucas.weber@share.test' },
];

/**
 * Creates the demo partner's invited partners (two levels) once; idempotent like the demo partner itself. They
 * cannot sign in (a random password nobody knows). Answers their user ids by e-mail.
 */
export async function ensureDemoReferrals(ctx: AppContext, demoUserId: number): Promise<Map<string, number>> {
  const { db } = ctx.database;
  const [demo] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, demoUserId)).limit(1);
  if (!demo) throw new Error('the demo partner does not exist');
  const emails = DEMO_INVITED.map((p) => p.email);
  const known = async () =>
    new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [u.email, u.id]));
  let ids = await known();
  const passwordHash = ids.size < DEMO_INVITED.length ? await hashPassword(randomBytes(24).toString('base64url')) : '';
  // Inviters first: the list is in that order.
  for (const partner of DEMO_INVITED) {
    const registered = new Date(new Date(demo.createdAt).getTime() - partner.daysBefore * DAY_MS);
    if (!ids.has(partner.email)) {
      const referredBy = partner.invitedBy === null ? demoUserId : ids.get(partner.invitedBy);
      if (referredBy === undefined) throw new Error(`the inviter of ${partner.email} is missing`);
      await db
        .insert(users)
        .values({ email: partner.email, passwordHash, firstName: partner.firstName, lastName: partner.lastName, referredBy, confirmedAt: registered, createdAt: registered })
        .onConflictDoNothing();
      ids = await known();
    }
    // Idempotent: a start interrupted before the activations completes them.
    for (const project of PROJECTS) await activateProgram(db, ids.get(partner.email)!, project, registered);
  }
  return ids;
}
