import type { FastifyBaseLogger } from 'fastify';
import type { PayoutSystem } from '@pc/core';
import type { AppContext } from '../context.ts';
import { t } from '../lib/i18n.ts';
import { alertPrefsOf } from '../mail/alerts.ts';
import { publicLink, sendMail } from '../mail/send.ts';
import { walletSummary } from './wallets.ts';

/**
 * Wallet removed or made main: always mailed (security-relevant, no unsubscribe link), in the alerts' language.
 * (A wallet added is told by its confirmation mail.) Call it after the change has committed.
 */
export async function notifyWalletChange(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  change: 'removed' | 'main',
  wallet: { system: PayoutSystem; details: Readonly<Record<string, string>> },
): Promise<void> {
  const prefs = await alertPrefsOf(ctx.database.db, userId);
  if (!prefs) return;
  await sendMail(ctx, log, prefs.lang, 'alert_wallet_change', prefs.email, {
    context: change,
    link: publicLink(ctx, '/payouts'),
    system: t(prefs.lang, `money:systems.${wallet.system}`),
    wallet: walletSummary(wallet.system, wallet.details),
  });
}
