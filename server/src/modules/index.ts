import type { FastifyInstance } from 'fastify';
import { balanceRoutes } from './balance/routes.ts';
import { unlimitedRoutes } from './unlimited/routes.ts';
import { operatorRoutes } from '../operator/routes.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { secondFactorRoutes } from './auth/second-factor-routes.ts';
import { userRoutes } from './user/routes.ts';
import { securityRoutes } from './security/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { programRoutes } from './programs/routes.ts';
import { devMailRoutes } from './devmail/routes.ts';
import { ingestRoutes } from '../ingest/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { earningsRoutes } from './earnings/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { productRoutes } from './product/routes.ts';
import { ratesRoutes } from './rates/routes.ts';
import { payoutsRoutes } from './payouts/routes.ts';
import { statementsRoutes } from './statements/routes.ts';
import { postbacksRoutes } from './postbacks/routes.ts';
import { alertsRoutes } from './alerts/routes.ts';
import { messagesRoutes } from './messages/routes.ts';
import { apiKeyRoutes } from './api-key/routes.ts';
import { webmasterRoutes } from '../webmaster/routes.ts';
import { helpCenterRoutes } from './help-center/routes.ts';
import { startRoutes } from './start/routes.ts';
import { referralsRoutes } from './referrals/routes.ts';
import { plansHostRoutes } from './plans/host-routes.ts';
import { plansRoutes } from './plans/routes.ts';
import { sitesRoutes } from './sites/routes.ts';
import { buyersRoutes } from './buyers/routes.ts';
import { tagsRoutes } from './tags/routes.ts';
import { notMeRoutes } from './not-me/routes.ts';

/**
 * Every feature module is registered here, and only here: features do not import each other.
 * Partner-facing modules live under /api: partnerModules fills the partner API's scope (app/api-scope.ts, which
 * carries its session, cross-site check, no-store and limits); the file hosts' ingest, the operator API and the
 * webmaster API are registered by serviceModules under their own prefixes.
 */
export async function partnerModules(api: FastifyInstance) {
  // feature modules: one line each
  await api.register(balanceRoutes);
  await api.register(unlimitedRoutes);
  await api.register(captchaRoutes);
  await api.register(authRoutes);
  await api.register(secondFactorRoutes);
  await api.register(userRoutes);
  await api.register(securityRoutes);
  await api.register(settingsRoutes);
  await api.register(notMeRoutes);
  await api.register(programRoutes);
  await api.register(statisticsRoutes);
  await api.register(earningsRoutes);
  await api.register(dashboardRoutes);
  await api.register(productRoutes);
  await api.register(ratesRoutes);
  await api.register(payoutsRoutes);
  await api.register(statementsRoutes);
  await api.register(postbacksRoutes);
  await api.register(alertsRoutes);
  await api.register(messagesRoutes);
  await api.register(apiKeyRoutes);
  await api.register(helpCenterRoutes);
  await api.register(startRoutes);
  await api.register(referralsRoutes);
  await api.register(plansRoutes);
  await api.register(sitesRoutes);
  await api.register(buyersRoutes);
  await api.register(tagsRoutes);
}

/** The APIs beside the partner API: each authenticated its own way. */
export async function serviceModules(app: FastifyInstance) {
  // The development mailbox: outside production only.
  if (app.ctx.config.NODE_ENV !== 'production') await app.register(devMailRoutes);
  // The file hosts' event feed, authenticated by its own bearer tokens.
  await app.register(ingestRoutes);
  // What the file hosts read back of a partner's rate plan choices, with the same tokens.
  await app.register(plansHostRoutes);
  // The operator API (file hosts' staff), authenticated by OPERATOR_TOKEN.
  await app.register(operatorRoutes, { prefix: '/operator/v1' });
  // The partners' read-only webmaster API (/webmaster/v1), authenticated by their personal keys, and its docs page.
  await app.register(webmasterRoutes, { prefix: '/webmaster' });
}
