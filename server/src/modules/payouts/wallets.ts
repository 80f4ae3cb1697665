import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isLangCode,
  PAYOUT_SYSTEMS,
  validateWalletDetails,
  type LangCode,
  type PayoutSystem,
  type ProductConfig,
  type WalletFieldError,
} from '@pc/core';
import type { AppContext } from '../../context.ts';
import { oneTimeTokens, purses } from '../../db/schema/index.ts';
import { isUniqueViolation, lockKey } from '../../db/sql.ts';
import { AppError, type LocalizedText } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { publicLink, sendMail } from '../../mail/send.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import {
  liveWallets,
  mainWalletId,
  partnerMoneyLock,
  sealWallet,
  stateOf,
  walletKeys,
  walletSummary,
  WALLET_IDENTIFYING_FIELD,
  type WalletRow,
} from '../../money/wallets.ts';
import type { SessionUser } from '../../plumbing/session/service.ts';
import { issueToken, peekToken, spendToken, TOKEN_TTL_MS } from '../../plumbing/session/tokens.ts';

/**
 * The partner's wallets (docs/product.md#payouts; decision 0110): add (then
 * confirm by the e-mailed link), remove, set as main. Every change runs under the partner's money lock, the one
 * payout requests take, so a request never goes to a wallet being removed or replaced.
 */

export interface WalletList {
  wallets: WalletRow[];
  mainId: number | null;
}

export async function listWallets(ctx: AppContext, userId: number, product: ProductConfig): Promise<WalletList> {
  const wallets = await liveWallets(ctx.database.db, userId);
  return { wallets, mainId: mainWalletId(wallets, ctx.clock.now(), product) };
}

const langOf = (user: SessionUser): LangCode => (isLangCode(user.lang) ? user.lang : 'en');

function detailError(field: string, code: WalletFieldError, product: ProductConfig, system: PayoutSystem): LocalizedText {
  const list = system === 'card' ? product.cardCurrencies : product.bankTrCurrencies;
  return { key: `money:details.${field}.${code}`, params: { list: list.join(', ') } };
}

/**
 * Adds a wallet, waiting for confirmation: validates the system's fields (422 per field), refuses a duplicate
 * of a live wallet (same system and identifying value, by keyed fingerprint) and more than maxLiveWallets live
 * wallets; stores a card's number only encrypted; e-mails the confirmation link, which is also the partner's
 * "wallet changed" alert.
 */
export async function addWallet(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  body: Readonly<Record<string, unknown>>,
): Promise<{ wallet: WalletRow; mainId: number | null; product: ProductConfig }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  const type = typeof body.type === 'string' ? body.type.trim() : '';
  if (type === '') throw new AppError('validation_failed', undefined, { type: [{ key: 'money:purse.type_required' }] });
  if (!(PAYOUT_SYSTEMS as readonly string[]).includes(type)) throw new AppError('validation_failed', undefined, { type: [{ key: 'money:purse.type_invalid' }] });
  const system = type as PayoutSystem;
  if (!(product.openPayoutSystems ?? PAYOUT_SYSTEMS).includes(system))
    throw new AppError('validation_failed', undefined, { type: [{ key: 'money:purse.type_closed' }] });

  const checked = validateWalletDetails(system, body, now, product);
  if (!checked.ok) {
    const fields = Object.fromEntries(
      Object.entries(checked.errors).map(([field, codes]) => [field, codes.map((code) => detailError(field, code, product, system))]),
    );
    throw new AppError('validation_failed', undefined, fields);
  }
  const sealed = sealWallet(walletKeys(ctx.config.PAYOUT_DETAILS_KEY), user.id, system, checked.details);
  const identifying = WALLET_IDENTIFYING_FIELD[system];
  const duplicate = () => new AppError('validation_failed', undefined, { [identifying]: [{ key: 'money:purse.duplicate' }] });

  let created: { wallet: WalletRow; token: string; wallets: WalletRow[] };
  try {
    created = await db.transaction(async (tx) => {
      await lockKey(tx, partnerMoneyLock(user.id));
      const wallets = await liveWallets(tx, user.id);
      if (wallets.some((w) => w.fingerprint === sealed.fingerprint)) throw duplicate();
      if (wallets.length >= product.maxLiveWallets) {
        throw new AppError('validation_failed', { key: 'money:purse.too_many', params: { count: product.maxLiveWallets } }, {
          type: [{ key: 'money:purse.too_many', params: { count: product.maxLiveWallets } }],
        });
      }
      const [wallet] = await tx
        .insert(purses)
        .values({ userId: user.id, system, details: sealed.details, secret: sealed.secret, fingerprint: sealed.fingerprint, createdAt: now })
        .returning();
      const token = await issueToken(tx, user.id, 'purse_confirm', now, { purseId: wallet!.id });
      // Whoever added it may not be the partner: new payout requests wait (decision 0177).
      await startCoolingOff(tx, user.id, 'wallet_added', now, product);
      return { wallet: wallet!, token, wallets: [...wallets, wallet!] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }

  await sendConfirmationMail(ctx, log, user, created.wallet, created.token);
  return { wallet: created.wallet, mainId: mainWalletId(created.wallets, now, product), product };
}

/** The e-mail with a wallet's confirmation link, which is also the partner's "wallet changed" alert. */
async function sendConfirmationMail(ctx: AppContext, log: FastifyBaseLogger, user: SessionUser, wallet: WalletRow, token: string) {
  const lang = langOf(user);
  await sendMail(ctx, log, lang, 'purse_confirm', user.email, {
    link: publicLink(ctx, `/purse/confirm/${token}`),
    system: t(lang, `money:systems.${wallet.system}`),
    wallet: walletSummary(wallet.system, wallet.details),
    count: Math.round(TOKEN_TTL_MS.purse_confirm / 3_600_000),
  });
}

/** The shortest time between two confirmation links of one wallet: pressing the button twice sends one mail. */
export const WALLET_LINK_INTERVAL_MS = 60_000;

/**
 * Sends a waiting wallet's confirmation link again, when the first mail was lost or its link expired: a new
 * one-time link for a live wallet of this partner that is not confirmed yet. Earlier links stay valid until they
 * expire; whichever is followed first confirms the wallet. At most one link per wallet a minute.
 */
export async function resendWalletLink(ctx: AppContext, log: FastifyBaseLogger, user: SessionUser, id: number): Promise<void> {
  const now = ctx.clock.now();
  const { wallet, token } = await ctx.database.db.transaction(async (tx) => {
    await lockKey(tx, partnerMoneyLock(user.id));
    const [found] = await tx
      .select()
      .from(purses)
      .where(and(eq(purses.id, id), eq(purses.userId, user.id), isNull(purses.deletedAt)));
    if (!found) throw walletNotFound();
    if (found.confirmedAt) throw new AppError('validation_failed', { key: 'money:purse.already_confirmed' });
    const [last] = await tx
      .select({ createdAt: oneTimeTokens.createdAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'purse_confirm'), sql`${oneTimeTokens.payload}->>'purseId' = ${String(id)}`))
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < WALLET_LINK_INTERVAL_MS) {
      throw new AppError('rate_limited', { key: 'money:purse.link_too_soon' });
    }
    return { wallet: found, token: await issueToken(tx, user.id, 'purse_confirm', now, { purseId: id }) };
  });
  await sendConfirmationMail(ctx, log, user, wallet, token);
}

const linkInvalid = () => new AppError('validation_failed', { key: 'money:purse.link_invalid' }, { code: [{ key: 'money:purse.link_invalid' }] });

/**
 * Confirms a wallet by its e-mailed one-time code. The code must be unused, unexpired, of this partner and for a
 * live wallet still waiting; anything else answers "URL is invalid or expired" and changes nothing.
 */
export async function confirmWallet(ctx: AppContext, user: SessionUser, code: string): Promise<{ wallet: WalletRow; mainId: number | null; product: ProductConfig }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  const check = await peekToken(db, code, 'purse_confirm', now);
  if (check.status !== 'ok' || check.userId !== user.id) throw linkInvalid();
  const purseId = Number(check.payload.purseId);
  if (!Number.isSafeInteger(purseId)) throw linkInvalid();
  const result = await db.transaction(async (tx) => {
    await lockKey(tx, partnerMoneyLock(user.id));
    const [waiting] = await tx
      .select({ id: purses.id })
      .from(purses)
      .where(and(eq(purses.id, purseId), eq(purses.userId, user.id), isNull(purses.deletedAt), isNull(purses.confirmedAt)));
    if (!waiting) return null;
    if (!(await spendToken(tx, code, now))) return null;
    await tx.update(purses).set({ confirmedAt: now }).where(eq(purses.id, purseId));
    return liveWallets(tx, user.id);
  });
  if (!result) throw linkInvalid();
  return { wallet: result.find((w) => w.id === purseId)!, mainId: mainWalletId(result, now, product), product };
}

const walletNotFound = () => new AppError('not_found', { key: 'money:purse.not_found' });

/**
 * Removes a live wallet (soft: payout requests keep pointing at it). The main wallet stays while the partner has
 * any other live wallet: another verified one must become main first; as the last live wallet it may go.
 */
export async function removeWallet(ctx: AppContext, userId: number, id: number): Promise<WalletRow> {
  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  return ctx.database.db.transaction(async (tx) => {
    await lockKey(tx, partnerMoneyLock(userId));
    const wallets = await liveWallets(tx, userId);
    const wallet = wallets.find((w) => w.id === id);
    if (!wallet) throw walletNotFound();
    if (wallet.id === mainWalletId(wallets, now, product) && wallets.length > 1) throw new AppError('conflict', { key: 'money:purse.main_cannot_be_removed' });
    await tx.update(purses).set({ deletedAt: now }).where(eq(purses.id, wallet.id));
    return wallet;
  });
}

/** Makes a confirmed (on hold or active) live wallet the main one; a wallet still waiting for its link cannot be. */
export async function setMainWallet(ctx: AppContext, userId: number, id: number): Promise<{ wallet: WalletRow; product: ProductConfig }> {
  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  const wallet = await ctx.database.db.transaction(async (tx) => {
    await lockKey(tx, partnerMoneyLock(userId));
    const wallets = await liveWallets(tx, userId);
    const wallet = wallets.find((w) => w.id === id);
    if (!wallet) throw walletNotFound();
    if (stateOf(wallet, now, product).state === 'waiting_confirmation')
      throw new AppError('validation_failed', { key: 'money:purse.main_needs_confirmed' });
    // The latest main_at wins: never equal to an earlier choice, even within one millisecond.
    const latest = Math.max(0, ...wallets.map((w) => w.mainAt?.getTime() ?? 0));
    const mainAt = new Date(Math.max(now.getTime(), latest + 1));
    const [updated] = await tx.update(purses).set({ mainAt }).where(eq(purses.id, wallet.id)).returning();
    return updated!;
  });
  return { wallet, product };
}
