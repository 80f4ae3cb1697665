import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, type LedgerBucket, type LedgerKind, type LedgerSource } from '../db/schema/index.ts';

/**
 * The ledger's write primitives, shared by the closes, the operator API, payouts and the balance module. Entries are
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

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
