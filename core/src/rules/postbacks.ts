/**
 * Postbacks (docs/product.md#postbacks; decision 0123): when a failed delivery is tried again. Pure: the delivery
 * job applies it after each attempt.
 */

/** The waits after the 1st, 2nd, … failed attempt; the last one repeats. */
export const POSTBACK_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000] as const;
/** A delivery is tried for this long after its first attempt, then given up. */
export const POSTBACK_RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * When to try a failed delivery next, after `attempts` attempts (the first made at `firstAttemptAt`) and the latest
 * failing at `now`; null: give up (the 24 hours are over). The last try falls at the end of the window.
 */
export function nextPostbackAttempt(firstAttemptAt: Date, attempts: number, now: Date): Date | null {
  const deadline = firstAttemptAt.getTime() + POSTBACK_RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const wait = POSTBACK_BACKOFF_MS[Math.min(Math.max(attempts, 1), POSTBACK_BACKOFF_MS.length) - 1]!;
  return new Date(Math.min(now.getTime() + wait, deadline));
}
