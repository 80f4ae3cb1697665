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
