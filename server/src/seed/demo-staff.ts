import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@pc/core';
import type { AppContext } from '../context.ts';
import { staff } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { openTotpSecret, sealTotpSecret } from '../operator/totp.ts';

/**
 * The demo's staff (decision 0160), outside production only: one member per role, and a second finance member
 * for the four-eyes approval of large payouts. They share a password and a FIXED authenticator secret, so a
 * newcomer adds DEMO_STAFF_TOTP_SECRET to an authenticator app once and signs in as any of them. Never in
 * production: demoSeedEnabled() keeps the seed off there, and ensureDemoStaff refuses to run there anyway.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff';
/** Base32, 20 bytes; for the demo only (every clone of the repository knows it). */
export const DEMO_STAFF_TOTP_SECRET = 'DEMOSTAFFAUTHENTICATORSECRET2345';

export const DEMO_STAFF: ReadonlyArray<{ email: string; name: string; role: StaffRole }> = [
  { email: 'admin@staff.test', name: 'Demo Admin', role: 'admin' },
  { email: 'finance@staff.test', name: 'Demo Finance', role: 'finance' },
  { email: 'finance2@staff.test', name: 'Demo Finance Two', role: 'finance' },
  { email: 'support@staff.test', name: 'Demo Support', role: 'support' },
  { email: 'content@staff.test', name: 'Demo Content', role: 'content' },
];

/**
 * Creates the demo members that are missing, with the demo password and authenticator confirmed. Idempotent; a
 * member that exists keeps its password, role and state, and gets the demo secret again only when its own can no
 * longer be read (SESSION_SECRET changed), so the demo always signs in.
 */
export async function ensureDemoStaff(ctx: AppContext): Promise<void> {
  if (ctx.config.NODE_ENV === 'production') throw new Error('the demo staff are never created in production');
  const { db } = ctx.database;
  const now = ctx.clock.now();
  let passwordHash: string | undefined;
  for (const demo of DEMO_STAFF) {
    const [existing] = await db.select().from(staff).where(sql`lower(${staff.email}) = ${demo.email}`).limit(1);
    if (!existing) {
      passwordHash ??= await hashPassword(DEMO_STAFF_PASSWORD);
      const [row] = await db
        .insert(staff)
        .values({ email: demo.email, name: demo.name, role: demo.role, passwordHash, createdAt: now, createdBy: 'demo seed' })
        .onConflictDoNothing()
        .returning({ id: staff.id });
      if (row) await db.update(staff).set({ totpSecret: sealTotpSecret(ctx.config, row.id, DEMO_STAFF_TOTP_SECRET), totpConfirmedAt: now }).where(eq(staff.id, row.id));
      continue;
    }
    if (!existing.totpSecret || !existing.totpConfirmedAt || readable(ctx, existing.id, existing.totpSecret)) continue;
    await db.update(staff).set({ totpSecret: sealTotpSecret(ctx.config, existing.id, DEMO_STAFF_TOTP_SECRET) }).where(eq(staff.id, existing.id));
  }
}

function readable(ctx: AppContext, id: number, sealed: string): boolean {
  try {
    openTotpSecret(ctx.config, id, sealed);
    return true;
  } catch {
    return false;
  }
}
