import { normalizeSecurityCode, type SecurityInfoAnswer, type SecurityMode } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { loadProduct } from '../../money/product.ts';
import { verifyCaptcha } from '../../plumbing/captcha/service.ts';
import { securityState } from '../../plumbing/session/security-guard.ts';
import { assertNotRateLimited, countedCheck } from '../../plumbing/session/security-attempts.ts';
import type { SessionState, SessionUser } from '../../plumbing/session/service.ts';

/**
 * The security check (docs/product.md#security: the security info, the check flow and its calls; decision 0111). What the
 * info call answers is what the guards (session/security-guard.ts) decide, from the same securityState.
 */
export async function securityInfo(ctx: AppContext, user: SessionUser, session: SessionState, mode: SecurityMode): Promise<SecurityInfoAnswer> {
  const product = await loadProduct(ctx.database.db);
  const state = securityState(user, session, ctx.clock.now(), product);
  return {
    is_allowed: !state.freeze.frozen,
    ask_code: state.codeSet && mode !== 'password' && !state.codeFresh,
    ask_password: mode !== 'code' && !state.passwordFresh,
    code_created_at: user.securityCodeChangedAt?.toISOString() ?? null,
    will_be_allowed_at: state.freeze.frozen ? state.freeze.allowedAt!.toISOString() : null,
  };
}

const wrongCode = () => fieldError('code', 'account:check.code_wrong');

/**
 * Checks the security code in a session. Without a code set there is nothing to check: success, and nothing
 * is recorded (a code set later is still asked for). An empty code answers 422 without counting; a wrong one
 * is counted against the failure limit.
 */
export async function checkCode(ctx: AppContext, user: SessionUser, session: SessionState, rawCode: string): Promise<void> {
  if (user.securityCodeHash === null) return;
  const code = normalizeSecurityCode(rawCode);
  if (!code) throw wrongCode();
  const hash = user.securityCodeHash;
  const now = ctx.clock.now();
  const right = await countedCheck(ctx.database.db, { userId: user.id, session, now, pass: 'code' }, () => verifyPassword(hash, code));
  if (!right) throw wrongCode();
}

/**
 * Checks the account password in a session, with a captcha when the partner's captcha option is on (checked
 * before the password, and not spent when the session is already at its failure limit).
 */
export async function checkAccountPassword(
  ctx: AppContext,
  user: SessionUser,
  session: SessionState,
  input: { password: string; captcha: string },
): Promise<void> {
  const now = ctx.clock.now();
  if (!input.password) throw fieldError('password', 'account:check.password_required');
  if (user.captchaEnabled && !input.captcha) throw fieldError('captcha', 'account:check.captcha_required');
  assertNotRateLimited(session, now);
  if (user.captchaEnabled) await verifyCaptcha(ctx, input.captcha);
  const right = await countedCheck(ctx.database.db, { userId: user.id, session, now, pass: 'password' }, () =>
    verifyPassword(user.passwordHash, input.password),
  );
  if (!right) throw fieldError('password', 'account:check.password_wrong');
}
