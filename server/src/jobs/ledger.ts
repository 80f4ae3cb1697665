import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type ProductConfig, type ProductVersion } from '@pc/core';
import type { Db } from '../db/client.ts';
import { ledgerEntries, productSettings, productSettingsHistory, type LedgerBucket, type LedgerKind, type LedgerSource } from '../db/schema/index.ts';

/**
 * The ledger's write primitives, shared by the closes, the operator API and the balance module. Entries are
 * never updated or deleted (a trigger refuses it); a correction is a new entry. Every entry carries an
 * idempotency key unique per partner, so writing the same entry twice writes it once.
 */
export type Tx = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

export interface NewEntry {
  userId: number;
  project: string | null;
  day: string;
  source: LedgerSource;
  bucket: LedgerBucket;
  kind: LedgerKind;
  amountMicro: number;
  availableAt: Date;
  idempotencyKey: string;
  refId?: number | null;
  note?: string;
}

/** Inserts an entry unless one with its key exists; answers whether it was written. */
export async function writeEntry(tx: Tx, entry: NewEntry): Promise<boolean> {
  const rows = await tx
    .insert(ledgerEntries)
    .values({ ...entry, refId: entry.refId ?? null, note: entry.note ?? '' })
    .onConflictDoNothing({ target: [ledgerEntries.userId, ledgerEntries.idempotencyKey] })
    .returning({ id: ledgerEntries.id });
  return rows.length > 0;
}

/** Takes a transaction-scoped advisory lock on a text key (released at commit or rollback). */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export const PRODUCT_SETTINGS_KEY = 'product';

/**
 * The product settings (PRODUCT.md numbers): DEFAULT_PRODUCT seeded into product_settings on first read, where
 * an operator may change them; keys missing in the stored value fall back to the defaults.
 */
export async function loadProduct(db: Tx): Promise<ProductConfig> {
  await db
    .insert(productSettings)
    .values({ key: PRODUCT_SETTINGS_KEY, value: DEFAULT_PRODUCT as unknown as Record<string, unknown> })
    .onConflictDoNothing();
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

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
