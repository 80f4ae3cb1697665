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
  return productOf(rows[0]?.value);
}

/** A stored value merged over the defaults: keys it lacks (or a value not stored yet) take DEFAULT_PRODUCT's. */
function productOf(value: Record<string, unknown> | undefined): ProductConfig {
  return { ...DEFAULT_PRODUCT, ...(value ?? {}) } as ProductConfig;
}

const sharedProducts = new WeakMap<Database, SharedRead<ProductConfig>>();

/**
 * loadProduct for a read outside a transaction, the concurrent requests' reads shared (decision 0216): what it answers
 * is as fresh as a read of the request's own. The answer is shared too, so it is not to be changed.
 */
export function readProduct(database: Database): Promise<ProductConfig> {
  return oneFor(sharedProducts, database, () => new SharedRead(() => loadProductPrepared(database))).read();
}

/** loadProduct as a statement each connection plans once (it is read by most calls). */
async function loadProductPrepared(database: Database): Promise<ProductConfig> {
  const rows = await database.query<{ value: Record<string, unknown> }>(
    sql`select value from product_settings where key = ${PRODUCT_SETTINGS_KEY}`,
    { prepared: 'product_settings_read' },
  );
  return productOf(rows[0]?.value);
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
  return productVersionsOf(rows.map((r) => ({ from: r.from.toISOString(), value: r.value })));
}

/** The stored versions (`from` as an ISO instant), oldest first, merged over the defaults as loadProduct does. */
export function productVersionsOf(rows: ReadonlyArray<{ from: string; value: Record<string, unknown> }>): ProductVersion[] {
  return rows.map((r) => ({ from: r.from, product: productOf(r.value) }));
}

/**
 * The versions' rows as one JSON array of `{ from, value }`, oldest first, for a statement that reads several things
 * at once (ingest's state read, which pays one round trip for all it needs); productVersionsOf makes them versions.
 */
export const PRODUCT_VERSIONS_JSON = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'from', to_char(h.effective_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'value', h.value)
    order by h.effective_from, h.id), '[]'::jsonb)
  from product_settings_history h where h.key = ${PRODUCT_SETTINGS_KEY})`;
