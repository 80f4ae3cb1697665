import { asc, eq } from 'drizzle-orm';
import type { PayoutSystem } from '@pc/core';
import type { Database } from '../db/client.ts';
import { purses } from '../db/schema/index.ts';
import { lockKey } from '../db/sql.ts';
import { decryptWalletSecret, encryptWalletSecret, walletFingerprint, walletKeys, WALLET_IDENTIFYING_FIELD, type WalletKeys } from './wallets.ts';

/**
 * Moving the stored wallets from one PAYOUT_DETAILS_KEY to another (decision 0110): every card number is
 * decrypted with the old key and encrypted again with the new one, and every fingerprint is made again with the
 * new key, removed wallets included (payout requests keep pointing at them).
 *
 * All in one transaction: a wallet under neither key stops the rotation and nothing changes. Rows already under
 * the new key are left as they are, so running it again is harmless and picks up wallets that a server still on
 * the old key added meanwhile.
 */

export interface RotationReport {
  /** Wallets moved to the new key now. */
  rotated: number;
  /** Wallets that were under the new key already. */
  alreadyNew: number;
}

/** The identifying value of a stored wallet: a card's number from its secret, every other system's from details. */
function identifyingDetails(keys: WalletKeys, row: { userId: number; system: PayoutSystem; details: Record<string, string>; secret: string | null }) {
  if (row.system !== 'card') return row.details;
  if (!row.secret) throw new Error('a card without its encrypted number');
  return { [WALLET_IDENTIFYING_FIELD.card]: decryptWalletSecret(keys, row.userId, row.system, row.secret) };
}

/**
 * A stored wallet's identifying details if it was written with these keys (its fingerprint matches, and a card's
 * secret opens), else null.
 */
function detailsUnder(keys: WalletKeys, row: { userId: number; system: PayoutSystem; details: Record<string, string>; secret: string | null; fingerprint: string }) {
  try {
    const details = identifyingDetails(keys, row);
    return walletFingerprint(keys, row.system, details) === row.fingerprint ? details : null;
  } catch {
    return null;
  }
}

export async function rotateWalletKey(database: Database, oldKey: string, newKey: string): Promise<RotationReport> {
  if (oldKey === newKey) throw new Error('the new key is the key in use');
  const from = walletKeys(oldKey);
  const to = walletKeys(newKey);
  return database.db.transaction(async (tx) => {
    // One rotation at a time. A wallet a running server adds meanwhile is not in this read: a second run takes it.
    await lockKey(tx, 'wallet-key-rotation');
    const rows = await tx.select().from(purses).orderBy(asc(purses.id));
    const report: RotationReport = { rotated: 0, alreadyNew: 0 };
    for (const row of rows) {
      if (detailsUnder(to, row)) {
        report.alreadyNew += 1;
        continue;
      }
      const details = detailsUnder(from, row);
      if (!details) throw new Error(`wallet ${row.id} is under neither key: nothing was changed`);
      const secret = row.system === 'card' ? encryptWalletSecret(to, row.userId, row.system, details[WALLET_IDENTIFYING_FIELD.card]!) : row.secret;
      await tx.update(purses).set({ secret, fingerprint: walletFingerprint(to, row.system, details) }).where(eq(purses.id, row.id));
      report.rotated += 1;
    }
    return report;
  });
}
