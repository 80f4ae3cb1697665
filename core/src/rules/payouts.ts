import { divRoundHalfUp, percentOf, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type PayoutSystem, type ProductConfig } from '../product.ts';
import { ibanValid, luhnValid, tronAddressValid } from './checksums.ts';
import { addDaysToDay, addDaysToInstant, dayKey, toDate, type DayKey, type Instant } from './time.ts';

// ---------------------------------------------------------------------------------------------------------------
// Fees and minimums

/** The fee of a payout request: the system's percentage of the requested amount (rounded half-up) + its fixed part. */
export function payoutFee(system: PayoutSystem, amount: Micro, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  const rule = product.payoutSystems[system];
  return percentOf(amount, rule.feeBp) + rule.feeFixedMicro;
}

/** What the payout form shows: the amount, the fee deducted from it, what will be received, and the minimum. */
export interface PayoutQuote {
  amount: Micro;
  fee: Micro;
  /** amount − fee (never below 0). */
  received: Micro;
  minimum: Micro;
}

export function payoutQuote(system: PayoutSystem, amount: Micro, product: ProductConfig = DEFAULT_PRODUCT): PayoutQuote {
  const fee = payoutFee(system, amount, product);
  return { amount, fee, received: Math.max(0, amount - fee), minimum: product.payoutSystems[system].minimumMicro };
}

/** Whether a requested amount reaches the system's minimum payout (the minimum applies to the requested amount). */
export function meetsPayoutMinimum(system: PayoutSystem, amount: Micro, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return amount >= product.payoutSystems[system].minimumMicro;
}

export type PayoutRequestCheck =
  | { ok: true; quote: PayoutQuote }
  | { ok: false; reason: 'not_positive' }
  | { ok: false; reason: 'below_minimum'; minimum: Micro }
  | { ok: false; reason: 'above_available'; available: Micro }
  | { ok: false; reason: 'wallet_not_active'; wallet: WalletState };

/**
 * Whether a payout request may be created: a positive amount, at least the system's minimum, at most the
 * available amount, to an active wallet (only active wallets receive payouts).
 */
export function checkPayoutRequest(
  input: { system: PayoutSystem; amount: Micro; available: Micro; wallet: WalletState },
  product: ProductConfig = DEFAULT_PRODUCT,
): PayoutRequestCheck {
  const { system, amount, available, wallet } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: 'not_positive' };
  if (wallet.state !== 'active') return { ok: false, reason: 'wallet_not_active', wallet };
  if (!meetsPayoutMinimum(system, amount, product)) {
    return { ok: false, reason: 'below_minimum', minimum: product.payoutSystems[system].minimumMicro };
  }
  if (amount > available) return { ok: false, reason: 'above_available', available };
  return { ok: true, quote: payoutQuote(system, amount, product) };
}

// ---------------------------------------------------------------------------------------------------------------
// Payout request statuses

export const PAYOUT_STATUSES = ['created', 'review', 'process', 'accepted', 'rejected', 'deleted'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type PayoutActor = 'partner' | 'operator';

/**
 * Every allowed status move and who makes it: the operator moves created → review → process → accepted (one
 * step at a time) and may reject from created, review or process; the partner may delete only while created.
 * accepted, rejected and deleted are final.
 */
export const PAYOUT_TRANSITIONS: ReadonlyArray<{ from: PayoutStatus; to: PayoutStatus; by: PayoutActor }> = [
  { from: 'created', to: 'review', by: 'operator' },
  { from: 'review', to: 'process', by: 'operator' },
  { from: 'process', to: 'accepted', by: 'operator' },
  { from: 'created', to: 'rejected', by: 'operator' },
  { from: 'review', to: 'rejected', by: 'operator' },
  { from: 'process', to: 'rejected', by: 'operator' },
  { from: 'created', to: 'deleted', by: 'partner' },
];

/** Whether `actor` may move a payout request from `from` to `to`. */
export function canTransitionPayout(from: PayoutStatus, to: PayoutStatus, actor: PayoutActor): boolean {
  return PAYOUT_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === actor);
}

/** The statuses `actor` may move a request to from `from`. */
export function nextPayoutStatuses(from: PayoutStatus, actor: PayoutActor): PayoutStatus[] {
  return PAYOUT_TRANSITIONS.filter((t) => t.from === from && t.by === actor).map((t) => t.to);
}

/** Whether a status is final (accepted, rejected, deleted). */
export function isFinalPayoutStatus(status: PayoutStatus): boolean {
  return nextPayoutStatuses(status, 'operator').length === 0 && nextPayoutStatuses(status, 'partner').length === 0;
}

/** Requests in progress: created, review, process. */
export function isPayoutInProgress(status: PayoutStatus): boolean {
  return status === 'created' || status === 'review' || status === 'process';
}

/** Whether a request's amount is taken off the balance: every status but rejected and deleted. */
export function payoutCountsAgainstBalance(status: PayoutStatus): boolean {
  return status !== 'rejected' && status !== 'deleted';
}

// ---------------------------------------------------------------------------------------------------------------
// Payouts in roubles and hryvnias (decision 0150)

/**
 * The currencies a payout is converted to at a national bank's rate (docs/product.md#payouts: USD/RUB by the Central Bank of
 * Russia, UAH by the National Bank of Ukraine): the currencies the cabinet has rates of.
 */
export const CONVERTED_CURRENCIES = ['RUB', 'UAH'] as const;
export type ConvertedCurrency = (typeof CONVERTED_CURRENCIES)[number];

/**
 * The currency a wallet's payouts are converted to at a national bank's rate: a card in roubles or hryvnias.
 * Null for every other wallet: it is paid in US dollars, or its payment system converts at its own rate (a card in
 * EUR or KZT, a Turkish bank account in TRY or EUR), which the cabinet does not know.
 */
export function payoutConversionCurrency(system: PayoutSystem, details: Readonly<Record<string, string>>): ConvertedCurrency | null {
  if (system !== 'card') return null;
  const currency = details.currency;
  return (CONVERTED_CURRENCIES as readonly string[]).includes(currency ?? '') ? (currency as ConvertedCurrency) : null;
}

/**
 * Whether a bank's rate, set for `rateDay`, may quote a payout requested at `at`: at most `payoutRateMaxAgeDays`
 * days old. A rate set for a later day (the Bank of Russia publishes tomorrow's) is fresh.
 */
export function payoutRateUsable(rateDay: DayKey, at: Instant, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return dayKey(at) <= addDaysToDay(rateDay, product.payoutRateMaxAgeDays);
}

const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,10}))?$/;

/**
 * `micro` US dollars at `rate` (units of the currency per 1 USD, exact decimal text as the banks publish it, e.g.
 * '92.5058') in the currency's minor units (kopecks), rounded half-up: exact integer arithmetic, no float.
 * 100 USD at 92.5058 is 9,250.58 RUB = 925,058 kopecks; 0.01 USD at 92.5058 is 92.5058 kopecks = 93.
 */
export function convertMicroUsd(micro: Micro, rate: string): number {
  if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`not a micro-USD amount: ${micro}`);
  const m = RATE_TEXT.exec(rate);
  if (!m) throw new RangeError(`not a rate: ${rate}`);
  const fraction = m[2] ?? '';
  // micro / 10^6 USD × (R / 10^d) × 100 minor units = micro × R / 10^(d + 4).
  const minor = divRoundHalfUp(BigInt(micro) * BigInt(m[1]! + fraction), 10n ** BigInt(fraction.length + 4));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`converted amount too large: ${micro} at ${rate}`);
  return Number(minor);
}

// ---------------------------------------------------------------------------------------------------------------
// Wallet state

export type WalletState =
  | { state: 'waiting_confirmation' }
  | { state: 'on_hold'; activeFrom: Date }
  | { state: 'active'; activeFrom: Date };

/**
 * A wallet's state from its timestamps: a new or changed wallet waits for e-mail confirmation
 * (`confirmedAt` null), then is on hold until confirmedAt + `walletHoldDays` (3), then active.
 */
export function walletState(confirmedAt: Instant | null, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): WalletState {
  if (confirmedAt === null) return { state: 'waiting_confirmation' };
  const activeFrom = addDaysToInstant(confirmedAt, product.walletHoldDays);
  return toDate(now).getTime() < activeFrom.getTime() ? { state: 'on_hold', activeFrom } : { state: 'active', activeFrom };
}

// ---------------------------------------------------------------------------------------------------------------
// Wallet details

export type WalletFieldError =
  | 'required'
  | 'invalid_format'
  | 'invalid_checksum'
  | 'unsupported_currency'
  | 'expired'
  | 'not_turkish_iban'
  | 'unknown_bank';

/** The fields each payout system's wallet form asks for (all required). */
export const PAYOUT_SYSTEM_FIELDS: Record<PayoutSystem, readonly string[]> = {
  webmoney: ['purse'],
  paypal: ['email'],
  card: ['number', 'currency', 'month', 'year', 'first_name', 'last_name'],
  bank_tr: ['first_name', 'last_name', 'currency', 'iban', 'bank_name'],
  usdt_trc20: ['address'],
  capitalist: ['account'],
};

export type WalletValidation =
  | { ok: true; details: Record<string, string> }
  | { ok: false; errors: Record<string, WalletFieldError[]> };

const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const NAME_RE = /^\p{L}[\p{L}\p{M} .'-]{0,63}$/u;

function normalizeBank(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleUpperCase('tr-TR');
}

/**
 * Validates and normalizes the details of a wallet for a payout system. Values are trimmed; card numbers and
 * IBANs lose spaces and dashes; IBANs, purses, accounts and currencies are upper-cased; month and year become
 * 'MM' and 'YYYY' (a 2-digit year means 20YY). Errors are codes per field, for the 422 answer to localize.
 * - webmoney: purse Z + 12 digits.
 * - paypal: e-mail.
 * - card: number 12–19 digits passing Luhn; currency USD, EUR, RUB, UAH, KZT; month/year not expired at `now`
 *   (a card is valid through the last day of its month); holder first and last name.
 * - bank_tr: first and last name; currency TRY, USD, EUR; IBAN 'TR' + 24 digits passing mod-97; bank name from
 *   the Turkish bank list.
 * - usdt_trc20: TRON address (Base58Check, version byte 0x41).
 * - capitalist: account U + 7 to 10 digits.
 */
export function validateWalletDetails(
  system: PayoutSystem,
  fields: Readonly<Record<string, unknown>>,
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): WalletValidation {
  const errors: Record<string, WalletFieldError[]> = {};
  const details: Record<string, string> = {};
  const fail = (field: string, error: WalletFieldError) => {
    (errors[field] ??= []).push(error);
  };
  for (const field of PAYOUT_SYSTEM_FIELDS[system]) {
    const raw = fields[field];
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    if (value === '') fail(field, 'required');
    else details[field] = value;
  }
  const has = (field: string) => details[field] !== undefined;
  const name = (field: string) => {
    if (has(field) && !NAME_RE.test(details[field]!)) fail(field, 'invalid_format');
  };

  switch (system) {
    case 'webmoney':
      if (has('purse')) {
        details.purse = details.purse!.toUpperCase();
        if (!/^Z\d{12}$/.test(details.purse)) fail('purse', 'invalid_format');
      }
      break;
    case 'paypal':
      if (has('email') && (details.email!.length > 254 || !EMAIL_RE.test(details.email!))) fail('email', 'invalid_format');
      break;
    case 'card': {
      if (has('number')) {
        details.number = details.number!.replace(/[\s-]/g, '');
        if (!/^\d{12,19}$/.test(details.number)) fail('number', 'invalid_format');
        else if (!luhnValid(details.number)) fail('number', 'invalid_checksum');
      }
      if (has('currency')) {
        details.currency = details.currency!.toUpperCase();
        if (!product.cardCurrencies.includes(details.currency)) fail('currency', 'unsupported_currency');
      }
      let month: number | null = null;
      let year: number | null = null;
      if (has('month')) {
        if (/^\d{1,2}$/.test(details.month!) && Number(details.month) >= 1 && Number(details.month) <= 12) {
          month = Number(details.month);
          details.month = String(month).padStart(2, '0');
        } else fail('month', 'invalid_format');
      }
      if (has('year')) {
        if (/^\d{2}$/.test(details.year!)) year = 2000 + Number(details.year);
        else if (/^\d{4}$/.test(details.year!)) year = Number(details.year);
        if (year === null) fail('year', 'invalid_format');
        else details.year = String(year);
      }
      if (month !== null && year !== null && cardExpired(month, year, now)) fail('year', 'expired');
      name('first_name');
      name('last_name');
      break;
    }
    case 'bank_tr': {
      name('first_name');
      name('last_name');
      if (has('currency')) {
        details.currency = details.currency!.toUpperCase();
        if (!product.bankTrCurrencies.includes(details.currency)) fail('currency', 'unsupported_currency');
      }
      if (has('iban')) {
        details.iban = details.iban!.replace(/[\s-]/g, '').toUpperCase();
        if (!/^[A-Z]{2}/.test(details.iban) || !details.iban.startsWith('TR')) fail('iban', 'not_turkish_iban');
        else if (!/^TR\d{24}$/.test(details.iban)) fail('iban', 'invalid_format');
        else if (!ibanValid(details.iban)) fail('iban', 'invalid_checksum');
      }
      if (has('bank_name')) {
        const wanted = normalizeBank(details.bank_name!);
        const bank = product.turkishBanks.find((b) => normalizeBank(b) === wanted);
        if (bank === undefined) fail('bank_name', 'unknown_bank');
        else details.bank_name = bank;
      }
      break;
    }
    case 'usdt_trc20':
      if (has('address') && !tronAddressValid(details.address!)) fail('address', 'invalid_checksum');
      break;
    case 'capitalist':
      if (has('account')) {
        details.account = details.account!.toUpperCase();
        if (!/^U\d{7,10}$/.test(details.account)) fail('account', 'invalid_format');
      }
      break;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, details };
}

/** Whether a card valid through month/year (month 1–12) has expired at `now`: after the last day of that month, UTC. */
export function cardExpired(month: number, year: number, now: Instant): boolean {
  const d = toDate(now);
  const current = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return year * 12 + (month - 1) < current;
}

/** When a request made at `requestedAt` is expected to be paid: about `payoutProcessingDays` (7) later. */
export function expectedPayoutDate(requestedAt: Instant, product: ProductConfig = DEFAULT_PRODUCT): Date {
  return addDaysToInstant(requestedAt, product.payoutProcessingDays);
}
