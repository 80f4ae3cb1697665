import { divRoundHalfUp, type Micro } from '../money.ts';

/**
 * Payout batch files (decision 0162). A payout system is paid what the partner receives, the request's amount
 * less its fee, in US dollars with two decimals: rounded half-up to the cent (the one rounding rule for money),
 * written with a dot and no thousands separator, as payment files want it.
 */
export function receivedMicro(amountMicro: Micro, feeMicro: Micro): Micro {
  return Math.max(0, amountMicro - feeMicro);
}

export function usdText(micro: Micro): string {
  if (!Number.isSafeInteger(micro)) throw new RangeError(`not an integer micro-USD amount: ${micro}`);
  const cents = divRoundHalfUp(BigInt(micro), 10_000n);
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${rest}`;
}

/** The unique id of one payment in a batch file (PayPal's optional per-payment id; the generic file's `payment_id`). */
export function batchPaymentId(batchId: number, payoutId: number): string {
  return `pc-${batchId}-${payoutId}`;
}
