import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { securityFreeze, type ProductConfig } from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { loadProduct } from '../../money/product.ts';
import { currentSession, currentUser } from './plugin.ts';
import type { SessionState, SessionUser } from './service.ts';

/**
 * The server side of the security check (docs/product.md#security, decision 0111). A passed check (the
 * code, or the account password) is written on the session and lets protected calls of that session through for
 * SECURITY_CHECK_VALID_MS, so the flow "403 → dialog → check → repeat the call" works and a partner doing several
 * things in a row is not asked at every step.
 */
export const SECURITY_CHECK_VALID_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of money operations, wallet changes and file deletion: requireUser, then 403
     * `operations_are_frozen` (with changed_at, allowed_at) inside the 15 days after a code change, then 403
     * `need_security_code` when the partner set a code and this session has not passed the code check lately.
     */
    requireSecurityCode: (request: FastifyRequest) => Promise<void>;
    /** preHandler of e-mail, password, security-option and API-key changes: 403 `need_security_password` unless passed lately. */
    requireSecurityPassword: (request: FastifyRequest) => Promise<void>;
  }
}

const fresh = (at: Date | null, now: Date) => at !== null && now.getTime() - at.getTime() < SECURITY_CHECK_VALID_MS && at.getTime() <= now.getTime();

/** What the security info call and the guards decide for a partner and session at `now`. */
export function securityState(user: SessionUser, session: SessionState, now: Date, product: ProductConfig) {
  const freeze = securityFreeze(user.securityCodeChangedAt, now, product);
  return {
    freeze,
    codeSet: user.securityCodeHash !== null,
    codeFresh: fresh(session.codeCheckedAt, now),
    passwordFresh: fresh(session.passwordCheckedAt, now),
  };
}

export const securityGuardPlugin = fp(async (app) => {
  const { database, clock } = app.ctx;

  app.decorate('requireSecurityCode', async (request: FastifyRequest) => {
    await app.requireUser(request);
    const product = await loadProduct(database.db);
    const state = securityState(currentUser(request), currentSession(request), clock.now(), product);
    if (state.freeze.frozen) {
      throw new AppError(
        'operations_are_frozen',
        { key: 'errors:operations_are_frozen', params: { changedAt: state.freeze.changedAt!.toISOString(), allowedAt: state.freeze.allowedAt!.toISOString() } },
        undefined,
        { changed_at: state.freeze.changedAt!.toISOString(), allowed_at: state.freeze.allowedAt!.toISOString() },
      );
    }
    if (state.codeSet && !state.codeFresh) throw new AppError('need_security_code');
  });

  app.decorate('requireSecurityPassword', async (request: FastifyRequest) => {
    await app.requireUser(request);
    const now = clock.now();
    if (!fresh(currentSession(request).passwordCheckedAt, now)) throw new AppError('need_security_password');
  });
});
