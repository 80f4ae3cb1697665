import { and, eq } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import type { Db } from '../../db/client.ts';
import { partnerPlans, partnerPrograms } from '../../db/schema/index.ts';
import { loadProduct } from '../../money/product.ts';

/**
 * Activates a partner's programme in a project: a new id there (from a sequence) and the default plan of the
 * settings, effective from the activation (a row that is not a choice: decision 0140). Activating again changes
 * nothing and answers the existing id.
 */
export async function activateProgram(db: Db, userId: number, project: ProjectId, now: Date): Promise<{ created: boolean; appUserId: number }> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(partnerPrograms)
      .values({ userId, project, activatedAt: now })
      .onConflictDoNothing()
      .returning({ appUserId: partnerPrograms.appUserId });
    if (!row) return null;
    const product = await loadProduct(tx);
    await tx.insert(partnerPlans).values({ userId, project, plan: product.defaultPlan, effectiveFrom: now, chosenAt: now });
    return row;
  });
  if (created) return { created: true, appUserId: created.appUserId };
  const [existing] = await db
    .select({ appUserId: partnerPrograms.appUserId })
    .from(partnerPrograms)
    .where(and(eq(partnerPrograms.userId, userId), eq(partnerPrograms.project, project)))
    .limit(1);
  return { created: false, appUserId: existing!.appUserId };
}
