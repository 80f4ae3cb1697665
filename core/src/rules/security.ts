import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import { addDaysToInstant, toDate, type Instant } from './time.ts';

export type SecurityCodeProblem = 'required' | 'too_short' | 'too_long';

/**
 * A security code as it is set and checked (decision 0111): Unicode NFC, without surrounding white space, so a
 * code typed with a trailing space or composed differently on another keyboard is the same code.
 */
export function normalizeSecurityCode(code: string): string {
  return code.normalize('NFC').trim();
}

/** Checks a new security code's length (4 to 32 characters, counted as Unicode code points); null when valid. */
export function securityCodeProblem(code: string, product: ProductConfig = DEFAULT_PRODUCT): SecurityCodeProblem | null {
  const length = [...code].length;
  if (length === 0) return 'required';
  if (length < product.securityCodeMinLength) return 'too_short';
  if (length > product.securityCodeMaxLength) return 'too_long';
  return null;
}

/** The frozen period after a security-code change, as the 403 `operations_are_frozen` answer carries it. */
export interface SecurityFreeze {
  frozen: boolean;
  /** When the code was changed (null: never changed since it was first set). */
  changedAt: Date | null;
  /** When money operations, wallet changes and file deletion are allowed again (null: never frozen). */
  allowedAt: Date | null;
}

/**
 * Whether protected operations (money operations, wallet changes, file deletion) are frozen at `now`.
 * Setting the code the first time takes effect at once: pass `changedAt` = null. A change freezes them for
 * 15 days: frozen while now < changedAt + 15 days.
 */
export function securityFreeze(changedAt: Instant | null, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): SecurityFreeze {
  if (changedAt === null) return { frozen: false, changedAt: null, allowedAt: null };
  const changed = toDate(changedAt);
  const allowedAt = addDaysToInstant(changed, product.securityCodeFreezeDays);
  return { frozen: toDate(now).getTime() < allowedAt.getTime(), changedAt: changed, allowedAt };
}

/** Whether a protected operation is allowed at `now` (not inside a freeze). */
export function isProtectedOperationAllowed(changedAt: Instant | null, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return !securityFreeze(changedAt, now, product).frozen;
}

/**
 * Whether password sign-in is blocked after `consecutiveFailures` failed sign-ins: with the limit option on
 * (the default), at 10 consecutive failures, until the partner follows the e-mailed unblock link.
 */
export function isSignInBlocked(consecutiveFailures: number, limitEnabled = true, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return limitEnabled && consecutiveFailures >= product.failedLoginLimit;
}

/** The changes after which new payout requests wait (decision 0177). */
export const COOLING_OFF_REASONS = ['email_change', 'password_reset', 'second_factor_off', 'security_code_off', 'wallet_added'] as const;
export type CoolingOffReason = (typeof COOLING_OFF_REASONS)[number];

/** A running cooling-off window: new payout requests wait until `until`, because of `reason`. */
export interface CoolingOff {
  until: Date;
  reason: CoolingOffReason;
}

/**
 * The window after a change made at `at`: `payoutCoolingOffHours` from it. A window already running that ends later
 * stays as it is (a second change never shortens the wait); otherwise the new change's window replaces it, with its
 * reason, so the partner is told of the change that sets the end.
 */
export function coolingOffAfter(current: CoolingOff | null, reason: CoolingOffReason, at: Instant, product: ProductConfig = DEFAULT_PRODUCT): CoolingOff {
  const until = new Date(toDate(at).getTime() + product.payoutCoolingOffHours * 3_600_000);
  if (current && current.until.getTime() >= until.getTime()) return current;
  return { until, reason };
}

/** The window that holds new payout requests back at `now`, or null once it has ended (its last instant excluded). */
export function activeCoolingOff(current: CoolingOff | null, now: Instant): CoolingOff | null {
  return current && toDate(now).getTime() < current.until.getTime() ? current : null;
}
