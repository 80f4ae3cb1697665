import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type ProductConfig, type ProductVersion } from '@pc/core';
import { productSettings, productSettingsHistory } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';

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
