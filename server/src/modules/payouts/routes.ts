import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPurseAnswer,
  addPurseBody,
  autoPayoutAnswer,
  autoPayoutBody,
  confirmPurseAnswer,
  createPayoutAnswer,
  createPayoutBody,
  deletePayoutAnswer,
  mainPurseAnswer,
  PAYOUT_PATHS,
  PAYOUT_SYSTEM_FIELDS,
  PAYOUT_SYSTEMS,
  payoutsAnswer,
  payoutsInfoAnswer,
  payoutsQuery,
  payoutTimelineAnswer,
  pursesAnswer,
  removePurseAnswer,
  resendPurseLinkAnswer,
  saveAutoPayoutAnswer,
  type PursesAnswer,
} from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { notifyWalletChange } from '../../money/wallet-mail.ts';
import { loadProduct } from '../../money/product.ts';
import { stateOf } from '../../money/wallets.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { readAutoPayout, saveAutoPayout } from './auto.ts';
import { createQuickRequest, createRequest, listRequests, removeRequest, requestTimeline } from './requests.ts';
import { pathId, purseView } from './views.ts';
import { addWallet, confirmWallet, listWallets, removeWallet, resendWalletLink, setMainWallet } from './wallets.ts';

const idParams = z.object({ id: z.string().max(40) });
/** The form posts the system's fields as strings (JSON may send numbers); `type` is checked with its own message. */
const addPurseRequest = addPurseBody.extend({ type: z.string().max(40).optional() });

/**
 * Wallets and payout requests (docs/product.md#payouts; decision 0110). Reads need a signed-in partner;
 * every change of wallets or money also passes the security check (requireSecurityCode: 403 while frozen after a
 * code change, or when the code is set and not checked lately), except following the e-mailed link.
 */
export async function payoutsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const notFound = (key: string) => new AppError('not_found', { key });

  app.get(PAYOUT_PATHS.purses, { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: pursesAnswer } } }, async (request) => {
    const user = currentUser(request);
    const product = await loadProduct(ctx.database.db);
    const now = ctx.clock.now();
    const { wallets, mainId } = await listWallets(ctx, user.id, product);
    const out: PursesAnswer = { purses: [], purses_not_confirmed: [] };
    for (const w of wallets) (stateOf(w, now, product).state === 'waiting_confirmation' ? out.purses_not_confirmed : out.purses).push(purseView(w, mainId, now, product));
    return out;
  });

  app.get(PAYOUT_PATHS.info, { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: payoutsInfoAnswer } } }, async () => {
    const p = await loadProduct(ctx.database.db);
    const systems = PAYOUT_SYSTEMS.filter((s) => p.payoutSystems[s]);
    return {
      card_currencies: p.cardCurrencies,
      bank_tr_currencies: p.bankTrCurrencies,
      purses_types: systems.map((type) => ({
        type,
        fee_bp: p.payoutSystems[type].feeBp,
        fee_fixed: p.payoutSystems[type].feeFixedMicro,
        min_payout: p.payoutSystems[type].minimumMicro,
        fields: [...PAYOUT_SYSTEM_FIELDS[type]],
      })),
      active_purses_types: systems.filter((s) => (p.openPayoutSystems ?? PAYOUT_SYSTEMS).includes(s)),
      hold_period: p.walletHoldDays,
      processing_days: p.payoutProcessingDays,
      turkish_banks: p.turkishBanks,
    };
  });

  app.post(
    PAYOUT_PATHS.purse,
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], body: addPurseRequest, response: { 200: addPurseAnswer } } },
    async (request) => {
      const { wallet, mainId, product } = await addWallet(ctx, request.log, currentUser(request), request.body);
      return { data: purseView(wallet, mainId, ctx.clock.now(), product), message: t(request.lang, 'money:purse.added') };
    },
  );

  app.post(
    '/purse/confirm/:code',
    { preHandler: app.requireUser, schema: { tags: ['payouts'], params: z.object({ code: z.string().max(200) }), response: { 200: confirmPurseAnswer } } },
    async (request) => {
      const { wallet, mainId, product } = await confirmWallet(ctx, currentUser(request), request.params.code);
      return { success: true as const, message: t(request.lang, 'money:purse.confirmed'), data: purseView(wallet, mainId, ctx.clock.now(), product) };
    },
  );

  app.delete(
    '/purse/:id',
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], params: idParams, response: { 200: removePurseAnswer } } },
    async (request) => {
      const id = pathId(request.params.id);
      if (id === null) throw notFound('money:purse.not_found');
      const removed = await removeWallet(ctx, currentUser(request).id, id);
      await notifyWalletChange(ctx, request.log, removed.userId, 'removed', removed); // always mailed (decision 0124)
      return { success: true as const, message: t(request.lang, 'money:purse.removed') };
    },
  );

  app.post(
    '/purse/:id/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payouts'],
        summary: "Send a waiting wallet's confirmation link again",
        description: 'A new one-time link to the account e-mail; earlier links stay valid until they expire. At most one a minute per wallet (429).',
        params: idParams,
        response: { 200: resendPurseLinkAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = pathId(request.params.id);
      if (id === null) throw notFound('money:purse.not_found');
      await resendWalletLink(ctx, request.log, user, id);
      return { success: true as const, message: t(request.lang, 'money:purse.link_sent', { email: user.email }) };
    },
  );

  app.post(
    '/purse/:id/main',
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], params: idParams, response: { 200: mainPurseAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const id = pathId(request.params.id);
      if (id === null) throw notFound('money:purse.not_found');
      const { product, wallet: made } = await setMainWallet(ctx, user.id, id);
      await notifyWalletChange(ctx, request.log, user.id, 'main', made); // always mailed (decision 0124)
      const now = ctx.clock.now();
      const { wallets, mainId } = await listWallets(ctx, user.id, product);
      const wallet = wallets.find((w) => w.id === id);
      if (!wallet) throw notFound('money:purse.not_found');
      return { success: true as const, message: t(request.lang, 'money:purse.main_set'), data: purseView(wallet, mainId, now, product) };
    },
  );

  app.get(
    PAYOUT_PATHS.payouts,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], querystring: payoutsQuery, response: { 200: payoutsAnswer } } },
    async (request) => listRequests(ctx, currentUser(request).id, request.query),
  );

  app.post(
    PAYOUT_PATHS.payouts,
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], body: createPayoutBody, response: { 200: createPayoutAnswer } } },
    async (request) => ({
      data: await createRequest(ctx, currentUser(request).id, request.body, request.lang),
      message: t(request.lang, 'money:payout.created'),
    }),
  );

  app.post(
    PAYOUT_PATHS.payoutQuick,
    // No body is needed (the web app posts none); whatever comes is ignored (quickPayoutBody).
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], response: { 200: createPayoutAnswer } } },
    async (request) => ({ data: await createQuickRequest(ctx, currentUser(request).id, request.lang), message: t(request.lang, 'money:payout.created') }),
  );

  // Automatic payouts (decision 0202): 401 before validation; the change passes the security check as every money operation.
  app.get(
    PAYOUT_PATHS.autoPayout,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: autoPayoutAnswer } } },
    async (request) => readAutoPayout(ctx, currentUser(request), request.lang),
  );

  app.post(
    PAYOUT_PATHS.autoPayout,
    { preValidation: app.requireUser, preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], body: autoPayoutBody, response: { 200: saveAutoPayoutAnswer } } },
    async (request) => {
      const { answer, message } = await saveAutoPayout(ctx, currentUser(request), request.body, request.lang);
      return { ...answer, message };
    },
  );

  app.delete(
    '/payout/:id',
    { preHandler: app.requireSecurityCode, schema: { tags: ['payouts'], params: idParams, response: { 200: deletePayoutAnswer } } },
    async (request) => {
      const id = pathId(request.params.id);
      if (id === null) throw notFound('money:payout.not_found');
      const data = await removeRequest(ctx, currentUser(request).id, id, request.lang);
      return { success: true as const, message: t(request.lang, 'money:payout.deleted'), data };
    },
  );

  app.get(
    '/payout/:id/timeline',
    { preHandler: app.requireUser, schema: { tags: ['payouts'], params: idParams, response: { 200: payoutTimelineAnswer } } },
    async (request) => {
      const id = pathId(request.params.id);
      if (id === null) throw notFound('money:payout.not_found');
      return requestTimeline(ctx, currentUser(request).id, id);
    },
  );
}
