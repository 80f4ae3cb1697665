import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PayoutSystem } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { purses } from '../db/schema/index.ts';
import { createPartner } from './testing.ts';
import { decryptWalletSecret, payableWalletDetails, sealWallet, walletFingerprint, walletKeys } from './wallets.ts';
import { rotateWalletKey } from './wallet-key-rotation.ts';

/** Moving the stored wallets to a new PAYOUT_DETAILS_KEY (decision 0110), on PGlite and on PostgreSQL in CI. */
const OLD = 'old-payout-details-key-0000000000000000';
const NEW = 'new-payout-details-key-1111111111111111';
const CARD = '4111111111111111';

let t: TestApp;
let partner: number;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { PAYOUT_DETAILS_KEY: OLD } });
  partner = await createPartner(t.ctx.database, { email: 'keys@x.test' });
});
afterEach(async () => {
  await t.close();
});

/** A wallet stored as the API stores it, under `key`. */
async function storeWallet(key: string, system: PayoutSystem, details: Record<string, string>, removed = false) {
  const sealed = sealWallet(walletKeys(key), partner, system, details);
  const [row] = await t.ctx.database.db
    .insert(purses)
    .values({ userId: partner, system, ...sealed, createdAt: t.clock.now(), deletedAt: removed ? t.clock.now() : null })
    .returning({ id: purses.id });
  return row!.id;
}
const stored = () => t.ctx.database.db.select().from(purses).orderBy(asc(purses.id));

describe('rotating the wallet key', () => {
  it('encrypts card numbers again and makes every fingerprint again, removed wallets included; a second run moves nothing', async () => {
    const card = await storeWallet(OLD, 'card', { number: CARD, currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' });
    await storeWallet(OLD, 'paypal', { email: 'Ada@Pay.example' });
    await storeWallet(OLD, 'webmoney', { purse: 'Z100000000001' }, true);
    const before = await stored();

    expect(await rotateWalletKey(t.ctx.database, OLD, NEW)).toEqual({ rotated: 3, alreadyNew: 0 });
    const after = await stored();
    for (const [i, row] of after.entries()) {
      // What the partner and the screens see does not change.
      expect(row.details).toEqual(before[i]!.details);
      expect(row.fingerprint).not.toBe(before[i]!.fingerprint);
    }
    const [cardRow, paypal, webmoney] = after;
    expect(cardRow!.id).toBe(card);
    expect(payableWalletDetails(walletKeys(NEW), cardRow!).number).toBe(CARD);
    expect(() => decryptWalletSecret(walletKeys(OLD), partner, 'card', cardRow!.secret!)).toThrow();
    expect(cardRow!.fingerprint).toBe(walletFingerprint(walletKeys(NEW), 'card', { number: CARD }));
    expect(paypal!.fingerprint).toBe(walletFingerprint(walletKeys(NEW), 'paypal', { email: 'ada@pay.example' }));
    expect(webmoney!.fingerprint).toBe(walletFingerprint(walletKeys(NEW), 'webmoney', { purse: 'Z100000000001' }));

    expect(await rotateWalletKey(t.ctx.database, OLD, NEW)).toEqual({ rotated: 0, alreadyNew: 3 });
    expect(await stored()).toEqual(after);
  });

  it('a wallet a server still on the old key added meanwhile is moved by the next run', async () => {
    await storeWallet(OLD, 'paypal', { email: 'first@pay.example' });
    expect(await rotateWalletKey(t.ctx.database, OLD, NEW)).toEqual({ rotated: 1, alreadyNew: 0 });
    await storeWallet(OLD, 'card', { number: CARD, currency: 'USD', month: '01', year: '2031', first_name: 'A', last_name: 'B' });
    expect(await rotateWalletKey(t.ctx.database, OLD, NEW)).toEqual({ rotated: 1, alreadyNew: 1 });
    expect(payableWalletDetails(walletKeys(NEW), (await stored())[1]!).number).toBe(CARD);
  });

  it('a wallet under neither key stops it and nothing changes; the same key twice is refused', async () => {
    await storeWallet(OLD, 'card', { number: CARD, currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' });
    const stranger = await storeWallet('some-other-key-2222222222222222222222', 'paypal', { email: 'x@pay.example' });
    const before = await stored();
    await expect(rotateWalletKey(t.ctx.database, OLD, NEW)).rejects.toThrow(`wallet ${stranger} is under neither key: nothing was changed`);
    expect(await stored()).toEqual(before);
    await expect(rotateWalletKey(t.ctx.database, OLD, OLD)).rejects.toThrow('the new key is the key in use');
  });

  it('a server on the new key finds duplicates and pays card numbers as before', async () => {
    const card = await storeWallet(OLD, 'card', { number: CARD, currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' });
    await storeWallet(OLD, 'paypal', { email: 'ada@pay.example' });
    await rotateWalletKey(t.ctx.database, OLD, NEW);
    // The server started again with the new key: the same PayPal address is still the same wallet.
    const again = sealWallet(walletKeys(NEW), partner, 'paypal', { email: 'ADA@pay.example' });
    await expect(
      t.ctx.database.db.insert(purses).values({ userId: partner, system: 'paypal', ...again, createdAt: t.clock.now() }),
    ).rejects.toThrow();
    const [row] = await t.ctx.database.db.select().from(purses).where(eq(purses.id, card));
    expect(payableWalletDetails(walletKeys(NEW), row!)).toMatchObject({ number: CARD, currency: 'USD' });
  });
});
