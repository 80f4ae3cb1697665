import type { SecondFactorNeededAnswer } from '@pc/core/contracts/second-factor';

/** What the password step (or an auto-login link) answers for an account with a second factor (decision 0190). */
export type PendingSecondFactor = SecondFactorNeededAnswer['second_factor'];

/** The pending step of a sign-in answer, if it is one. */
export function pendingOf(answer: unknown): PendingSecondFactor | null {
  if (typeof answer !== 'object' || answer === null || !('second_factor' in answer)) return null;
  const pending = (answer as { second_factor: PendingSecondFactor }).second_factor;
  return typeof pending?.token === 'string' ? pending : null;
}
