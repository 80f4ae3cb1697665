import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type ProductConfig, type ProductVersion } from '@pc/core';
import { productSettings, productSettingsHistory } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import type { Database } from '../db/client.ts';
import { oneFor, SharedRead } from '../db/shared-read.ts';

/** The product_settings row holding the product settings (and their history rows). */
export const PRODUCT_SETTINGS_KEY = 'product';

/**
 * Stores DEFAULT_PRODUCT as the product settings unless they are stored already: once, when the app starts, so
 * that the operator has a row to change. Reads do not write.
 */
export async function seedProductSettings(db: Tx): Promise<void> {
  await db
    .insert(productSettings)
    .values({ key: PRODUCT_SETTINGS_KEY, value: DEFAULT_PRODUCT as unknown as Record<string, unknown> })
    .onConflictDoNothing();
}

/**
 * The product settings (the numbers of docs/product.md) as stored in product_settings, where an operator may change them; keys
 * missing in the stored value, or a database not seeded yet, fall back to the defaults.
 */
export async function loadProduct(db: Tx): Promise<ProductConfig> {
  const rows = await db.select().from(productSettings).where(sql`${productSettings.key} = ${PRODUCT_SETTINGS_KEY}`);
  return { ...DEFAULT_PRODUCT, ...(rows[0]?.value ?? {}) } as ProductConfig;
}

const sharedProducts = new WeakMap<Database, SharedRead<ProductConfig>>();

/**
 * loadProduct for a read outside a transaction, the concurrent requests' reads shared (decision 0216): what it answers
 * is as fresh as a read of the request's own. The answer is shared too, so it is not to be changed.
 */
export function readProduct(database: Database): Promise<ProductConfig> {
  return oneFor(sharedProducts, database, () => new SharedRead(() => loadProduct(database.db))).read();
}

/**
 * Every version of the product settings, oldest first (each merged over the defaults, as loadProduct does).
 * Ingest prices an event with the version in force at its time (productInForce).
 */
export async function loadProductVersions(db: Tx): Promise<ProductVersion[]> {
  const rows = await db
    .select({ from: productSettingsHistory.effectiveFrom, value: productSettingsHistory.value })
    .from(productSettingsHistory)
    .where(sql`${productSettingsHistory.key} = ${PRODUCT_SETTINGS_KEY}`)
    .orderBy(productSettingsHistory.effectiveFrom, productSettingsHistory.id);
  return rows.map((r) => ({ from: r.from.toISOString(), product: { ...DEFAULT_PRODUCT, ...r.value } as ProductConfig }));
}
