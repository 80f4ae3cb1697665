import type { Tx } from '../db/sql.ts';
import { ledgerEntries, type LedgerBucket, type LedgerKind, type LedgerSource } from '../db/schema/index.ts';

/**
 * The ledger's write primitives, shared by the closes, the operator API, payouts and the balance module. Entries are
 * never updated or deleted (a trigger refuses it); a correction is a new entry. Every entry carries an
 * idempotency key unique per partner, so writing the same entry twice writes it once.
 */
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
