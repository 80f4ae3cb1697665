/**
 * Per-IP limits on the calls that check a password or send mail, on top of the global limit: the partner sign-in and
 * its second step, the mailing account calls, and the operator's sign-in take the same ones.
 * skipOnError false: while the shared store is away these limits refuse the call (503) rather than let it through.
 */
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: '1 minute', skipOnError: false };
export const MAIL_RATE_LIMIT = { max: 10, timeWindow: '1 minute', skipOnError: false };
