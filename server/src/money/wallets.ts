import { createHmac } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { walletState, type PayoutSystem, type ProductConfig, type WalletState } from '@pc/core';
import { purses } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { deriveKey, openSecret, sealSecret } from '../lib/sealed.ts';

/**
 * Wallets (purses) as stored: what may be kept in the clear, what is encrypted, the fingerprint that finds a
 * wallet added twice, the one-line summary, and which wallet is the main one (decision 0110). Shared by the
 * payouts module (the partner's calls), payout requests (money/payouts.ts) and the operator's payout view.
 */
export type WalletRow = typeof purses.$inferSelect;

/** The field that identifies a wallet of each system (a second live wallet with the same one is a duplicate). */
export const WALLET_IDENTIFYING_FIELD: Record<PayoutSystem, string> = {
  webmoney: 'purse',
  paypal: 'email',
  card: 'number',
  bank_tr: 'iban',
  usdt_trc20: 'address',
  capitalist: 'account',
};

/** The two keys derived from PAYOUT_DETAILS_KEY (HKDF-SHA256): one encrypts secrets, one keys fingerprints. */
export interface WalletKeys {
  secret: Buffer;
  fingerprint: Buffer;
}

const keyCache = new Map<string, WalletKeys>();

export function walletKeys(payoutDetailsKey: string): WalletKeys {
  let keys = keyCache.get(payoutDetailsKey);
  if (!keys) {
    const derive = (info: string) => deriveKey(payoutDetailsKey, 'partner-cabinet/purses', info);
    keys = { secret: derive('secret/aes-256-gcm/v1'), fingerprint: derive('fingerprint/hmac-sha256/v1') };
    keyCache.set(payoutDetailsKey, keys);
  }
  return keys;
}

/** A keyed hash (HMAC-SHA256) of a system and its identifying value: equal for the same wallet, useless without the key. */
export function walletFingerprint(keys: WalletKeys, system: PayoutSystem, details: Readonly<Record<string, string>>): string {
  const raw = details[WALLET_IDENTIFYING_FIELD[system]] ?? '';
  // validateWalletDetails already normalizes case and spacing, except e-mail addresses.
  const value = system === 'paypal' ? raw.toLowerCase() : raw;
  return createHmac('sha256', keys.fingerprint).update(`${system}\u0000${value}`).digest('hex');
}

const secretAad = (userId: number, system: PayoutSystem) => `purse:${userId}:${system}`;

/**
 * AES-256-GCM of a secret value (lib/sealed.ts) bound, as additional data, to its partner and system:
 * `v1.<base64url of nonce | tag | ciphertext>`.
 */
export function encryptWalletSecret(keys: WalletKeys, userId: number, system: PayoutSystem, plaintext: string): string {
  return sealSecret(keys.secret, secretAad(userId, system), plaintext);
}

/** Decrypts what encryptWalletSecret wrote; throws when the key, the partner or the system do not match. */
export function decryptWalletSecret(keys: WalletKeys, userId: number, system: PayoutSystem, secret: string): string {
  return openSecret(keys.secret, secretAad(userId, system), secret);
}

/** What a new wallet stores: details safe to keep and show, the encrypted secret, the fingerprint. */
export interface SealedWallet {
  details: Record<string, string>;
  secret: string | null;
  fingerprint: string;
}

/**
 * Turns validated, normalized details into what is stored. A card keeps its last four digits (`last4`) in
 * `details`; its whole number exists only in `secret`, encrypted. Other systems store their fields as they are.
 */
export function sealWallet(keys: WalletKeys, userId: number, system: PayoutSystem, details: Readonly<Record<string, string>>): SealedWallet {
  const fingerprint = walletFingerprint(keys, system, details);
  if (system !== 'card') return { details: { ...details }, secret: null, fingerprint };
  const { number = '', ...rest } = details;
  return { details: { ...rest, last4: number.slice(-4) }, secret: encryptWalletSecret(keys, userId, system, number), fingerprint };
}

const MASK = '\u2022\u2022\u2022\u2022';

/** The details as the partner sees them: the system's fields, a card's number masked to `•••• 1234`. */
export function shownWalletDetails(system: PayoutSystem, stored: Readonly<Record<string, string>>): Record<string, string> {
  if (system !== 'card') return { ...stored };
  const { last4 = '', ...rest } = stored;
  return { number: `${MASK} ${last4}`, ...rest };
}

/** One line for tables, pickers and a payout request's `payment_details`. */
export function walletSummary(system: PayoutSystem, stored: Readonly<Record<string, string>>): string {
  switch (system) {
    case 'card':
      return `${MASK} ${stored.last4 ?? ''}${stored.currency ? ` (${stored.currency})` : ''}`;
    case 'bank_tr': {
      const iban = stored.iban ?? '';
      return iban.length > 8 ? `${iban.slice(0, 4)} \u2026 ${iban.slice(-4)}` : iban;
    }
    default:
      return stored[WALLET_IDENTIFYING_FIELD[system]] ?? '';
  }
}

/**
 * A wallet's whole details for paying it (the operator's payout view only): a card's number decrypted from
 * `secret`, every other field as stored.
 */
export function payableWalletDetails(keys: WalletKeys, wallet: Pick<WalletRow, 'userId' | 'system' | 'details' | 'secret'>): Record<string, string> {
  if (wallet.system !== 'card' || !wallet.secret) return { ...wallet.details };
  const { last4: _last4, ...rest } = wallet.details;
  return { number: decryptWalletSecret(keys, wallet.userId, wallet.system, wallet.secret), ...rest };
}

/** The partner's live (not removed) wallets, oldest first. */
export async function liveWallets(tx: Tx, userId: number): Promise<WalletRow[]> {
  return tx
    .select()
    .from(purses)
    .where(and(eq(purses.userId, userId), isNull(purses.deletedAt)))
    .orderBy(asc(purses.createdAt), asc(purses.id));
}

/**
 * The main wallet among live wallets: the one most recently set as main (`main_at`); when none was ever set,
 * the first to become active (earliest confirmation among active wallets). null when there is none yet.
 */
export function mainWalletId(wallets: ReadonlyArray<Pick<WalletRow, 'id' | 'confirmedAt' | 'mainAt'>>, now: Date, product: ProductConfig): number | null {
  let best: Pick<WalletRow, 'id' | 'mainAt'> | null = null;
  for (const w of wallets) {
    if (w.mainAt === null) continue;
    if (!best || w.mainAt.getTime() > best.mainAt!.getTime() || (w.mainAt.getTime() === best.mainAt!.getTime() && w.id > best.id)) best = w;
  }
  if (best) return best.id;
  let first: Pick<WalletRow, 'id' | 'confirmedAt'> | null = null;
  for (const w of wallets) {
    if (w.confirmedAt === null || walletState(w.confirmedAt, now, product).state !== 'active') continue;
    const at = w.confirmedAt.getTime();
    if (!first || at < first.confirmedAt!.getTime() || (at === first.confirmedAt!.getTime() && w.id < first.id)) first = w;
  }
  return first?.id ?? null;
}

/** A wallet's state at `now` (core walletState over its confirmation time). */
export function stateOf(wallet: Pick<WalletRow, 'confirmedAt'>, now: Date, product: ProductConfig): WalletState {
  return walletState(wallet.confirmedAt, now, product);
}

/** The transaction-scoped lock every change of a partner's money or wallets takes first (one order, no deadlock). */
export const partnerMoneyLock = (userId: number) => `payout-user:${userId}`;
