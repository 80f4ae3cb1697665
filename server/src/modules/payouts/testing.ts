import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { base58CheckEncode, ibanCheckDigits, luhnCheckDigit, type PayoutSystem } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { purses } from '../../db/schema/index.ts';
import { sealWallet, walletKeys } from '../../money/wallets.ts';
import { addAdditionalIncome } from '../../operator/service.ts';

/** Test helpers of wallets and payout requests: valid details per system (built with core's checksums), wallets, money. */

/** A card number passing Luhn, distinct per n. */
export function cardNumber(n = 0, prefix = '4'): string {
  const body = `${prefix}${String(n).padStart(14, '0')}`.slice(0, 15);
  return body + luhnCheckDigit(body);
}

/** A Turkish IBAN passing mod-97, distinct per n. */
export function turkishIban(n = 0): string {
  const bban = `00062${'0'}${String(n).padStart(16, '0')}`;
  return `TR${ibanCheckDigits('TR', bban)}${bban}`;
}

/** A TRON address (Base58Check of 0x41 + 20 bytes), distinct per n. */
export function tronAddress(n = 0): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  new DataView(payload.buffer).setUint32(17, n);
  payload[1] = 0x7a;
  return base58CheckEncode(payload);
}

/** Valid form fields of a wallet of each system, distinct per n. */
export function walletFields(system: PayoutSystem, n = 0): Record<string, string> {
  switch (system) {
    case 'webmoney':
      return { purse: `Z${String(100_000_000_000 + n)}` };
    case 'paypal':
      return { email: `wallet${n}@pay.example` };
    case 'card':
      return { number: cardNumber(n), currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' };
    case 'bank_tr':
      return { first_name: 'Ayşe', last_name: 'Yılmaz', currency: 'TRY', iban: turkishIban(n), bank_name: 'Akbank' };
    case 'usdt_trc20':
      return { address: tronAddress(n) };
    case 'capitalist':
      return { account: `U${String(1_000_000 + n)}` };
  }
}

/**
 * A wallet written straight to the database (as the API stores it), confirmed at `confirmedAt` (null: waiting);
 * answers its id. The key is the app's PAYOUT_DETAILS_KEY.
 */
export async function insertWallet(
  database: Database,
  key: string,
  input: {
    userId: number;
    system: PayoutSystem;
    n?: number;
    /** Fields that differ from walletFields(system, n), e.g. a card's currency. */
    details?: Record<string, string>;
    createdAt: Date;
    confirmedAt?: Date | null;
    mainAt?: Date | null;
  },
): Promise<number> {
  const details = { ...walletFields(input.system, input.n ?? 0), ...input.details };
  const sealed = sealWallet(walletKeys(key), input.userId, input.system, normalized(input.system, details));
  const [row] = await database.db
    .insert(purses)
    .values({
      userId: input.userId,
      system: input.system,
      ...sealed,
      createdAt: input.createdAt,
      confirmedAt: input.confirmedAt ?? null,
      mainAt: input.mainAt ?? null,
    })
    .returning({ id: purses.id });
  return row!.id;
}

function normalized(system: PayoutSystem, fields: Record<string, string>): Record<string, string> {
  return system === 'card' ? { ...fields, month: fields.month!.padStart(2, '0') } : fields;
}

/** Gives a partner money available at once (operator's additional income). */
export async function fund(database: Database, userId: number, amount: number, now: Date) {
  await addAdditionalIncome(database.db, { userId, project: 'fd1', amount, reason: 'test', operator: 'test' }, now);
}

/** Sets the partner's security code state directly (the /security calls are another module's). */
export async function setSecurity(database: Database, userId: number, state: { codeSet: boolean; changedAt?: Date | null; checkedAt?: Date | null }) {
  await database.db.execute(
    sql`update users set security_code_hash = ${state.codeSet ? 'x' : null}, security_code_changed_at = ${state.changedAt ?? null} where id = ${userId}`,
  );
  await database.db.execute(sql`update sessions set code_checked_at = ${state.checkedAt ?? null} where user_id = ${userId}`);
}

/**
 * Everything a wallet or payout call can change, as one string: wallets, requests and their history, the
 * ledger, one-time tokens and the outbox. Equal before and after shows a refused call changed nothing.
 */
export async function moneyTables(database: Database): Promise<string> {
  const tables = ['purses', 'payout_requests', 'payout_request_history', 'ledger_entries', 'one_time_tokens', 'mail_outbox'];
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await database.query(sql.raw(`select * from ${table} order by 1`));
  return JSON.stringify(out);
}

/**
 * The ledger invariant of a partner: balance (ledger sum) = earnings − requests not rejected or deleted, each
 * request has one `payout` entry and a `payout_reversal` exactly when rejected or deleted.
 */
export async function ledgerFigures(database: Database, userId: number) {
  const [r] = await database.query<{ earnings: string; payouts: string; reversals: string; counted: string; reversed_requests: string; requests: string }>(sql`
    select
      (select coalesce(sum(amount_micro), 0) from ledger_entries where user_id = ${userId} and source <> 'payout')::text as earnings,
      (select coalesce(sum(amount_micro), 0) from ledger_entries where user_id = ${userId} and kind = 'payout')::text as payouts,
      (select coalesce(sum(amount_micro), 0) from ledger_entries where user_id = ${userId} and kind = 'payout_reversal')::text as reversals,
      (select coalesce(sum(amount_micro), 0) from payout_requests where user_id = ${userId} and status not in ('rejected', 'deleted'))::text as counted,
      (select coalesce(sum(amount_micro), 0) from payout_requests where user_id = ${userId} and status in ('rejected', 'deleted'))::text as reversed_requests,
      (select coalesce(sum(amount_micro), 0) from payout_requests where user_id = ${userId})::text as requests`);
  const n = (v: string | undefined) => Number(v ?? 0);
  return {
    earnings: n(r?.earnings),
    payouts: 0 - n(r?.payouts),
    reversals: n(r?.reversals),
    counted: n(r?.counted),
    reversedRequests: n(r?.reversed_requests),
    requests: n(r?.requests),
  };
}

export function jsonHeaders(cookie: string, lang?: string): Record<string, string> {
  return { cookie, 'content-type': 'application/json', ...(lang ? { 'x-localization': lang } : {}) };
}

/** The newest mail of a kind to an address, from the outbox. */
export async function outbox(app: FastifyInstance, to: string) {
  return app.ctx.database.query<{ kind: string; lang: string; subject: string; text_body: string; html_body: string }>(
    sql`select kind, lang, subject, text_body, html_body from mail_outbox where to_address = ${to} order by id`,
  );
}
