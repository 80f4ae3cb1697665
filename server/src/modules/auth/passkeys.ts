import { and, eq, gt, isNull, count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { LangCode } from '@pc/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userPasskeys, users, webauthnChallenges, type WebAuthnPurpose } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import { completePending, pendingUser } from './second-factor.ts';
import { noticeMail } from '../../plumbing/second-factor.ts';
import { TOTP_ISSUER } from './totp.ts';

/**
 * Passkeys (WebAuthn through @simplewebauthn/server; decision 0190): registered in the settings, used as the
 * second factor after the password or to sign in without one. The relying party is the cabinet's PUBLIC_URL: its
 * host is the RP ID and its origin the only origin accepted. Challenges live in the database (every process
 * agrees), are short-lived and spent by a conditional update, so each is used once.
 */
type UserRow = typeof users.$inferSelect;
type Json = Record<string, unknown>;

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 120_000;

export function relyingParty(ctx: Pick<AppContext, 'config'>) {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: TOTP_ISSUER };
}

const failed = () => new AppError('bad_request', { key: 'errors:passkey_failed' }, undefined, { reason: 'passkey_failed' });
const challengeExpired = () =>
  new AppError('bad_request', { key: 'errors:passkey_challenge_expired' }, undefined, { reason: 'passkey_challenge_expired' });

async function keepChallenge(db: Db, challenge: string, purpose: WebAuthnPurpose, userId: number | null, now: Date) {
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/** The challenge a browser's answer signed (from its clientDataJSON). */
function challengeOf(response: Json): string {
  try {
    const inner = response.response as { clientDataJSON?: unknown } | undefined;
    if (typeof inner?.clientDataJSON !== 'string') throw new Error('no clientDataJSON');
    const client = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof client.challenge !== 'string') throw new Error('no challenge');
    return client.challenge;
  } catch {
    throw failed();
  }
}

/** Spends the answer's challenge: it must be ours, for this purpose (and user), unused and unexpired. Once. */
async function spendChallenge(db: Db, response: Json, purpose: WebAuthnPurpose, userId: number | null, now: Date): Promise<string> {
  const challenge = challengeOf(response);
  const spent = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (spent.length === 0) throw challengeExpired();
  return challenge;
}

async function passkeysOf(db: Db, userId: number) {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(userPasskeys.id);
}

const descriptor = (k: typeof userPasskeys.$inferSelect) => ({ id: k.credentialId, transports: k.transports });

// ---- registration -------------------------------------------------------------------------------------------

/** Options for navigator.credentials.create: a discoverable credential (password-less sign-in needs one). */
export async function registrationOptions(ctx: AppContext, user: UserRow): Promise<Json> {
  const { db } = ctx.database;
  const { rpID, rpName } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(`partner-${user.id}`),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(db, user.id)).map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', user.id, ctx.clock.now());
  return options as unknown as Json;
}

export async function registerPasskey(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: UserRow,
  input: { name: string; response: Json },
  lang: LangCode,
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { rpID, origin } = relyingParty(ctx);
  const challenge = await spendChallenge(db, input.response, 'register', user.id, now);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const added = await db
    .insert(userPasskeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: input.name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: userPasskeys.id });
  if (added.length === 0) throw new AppError('conflict', { key: 'errors:passkey_failed' });
  await noticeMail(ctx, log, user, lang, 'passkey_added');
}

export async function renamePasskey(ctx: AppContext, user: UserRow, id: number, name: string): Promise<void> {
  const renamed = await ctx.database.db
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, user.id)))
    .returning({ id: userPasskeys.id });
  if (renamed.length === 0) throw new AppError('not_found', { key: 'errors:passkey_not_found' });
}

/** Removes a passkey; when it was the account's last second factor, new payout requests wait (decision 0177). */
export async function removePasskey(ctx: AppContext, log: FastifyBaseLogger, user: UserRow, id: number, lang: LangCode): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, user.id)))
      .returning({ id: userPasskeys.id });
    if (removed.length === 0) throw new AppError('not_found', { key: 'errors:passkey_not_found' });
    const [left] = await tx.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, user.id));
    const [row] = await tx.select({ totp: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
    if ((left?.n ?? 0) === 0 && !row?.totp) await startCoolingOff(tx, user.id, 'second_factor_off', now, product);
  });
  await noticeMail(ctx, log, user, lang, 'passkey_removed');
}

// ---- signing in ---------------------------------------------------------------------------------------------

/** Verifies an assertion against a stored passkey and moves its counter; answers nothing, throws when wrong. */
async function verifyAssertion(ctx: AppContext, key: typeof userPasskeys.$inferSelect, response: Json, challenge: string, requireUserVerification: boolean) {
  const { rpID, origin } = relyingParty(ctx);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: key.credentialId, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: key.transports },
      requireUserVerification,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  await ctx.database.db
    .update(userPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now(), backedUp: verification.authenticationInfo.credentialBackedUp })
    .where(eq(userPasskeys.id, key.id));
}

const credentialIdOf = (response: Json) => (typeof response.id === 'string' ? response.id : '');

/** Password-less sign-in, first half: options for any passkey of this site (discoverable credentials). */
export async function signInOptions(ctx: AppContext): Promise<Json> {
  const { rpID } = relyingParty(ctx);
  const options = await generateAuthenticationOptions({ rpID, timeout: TIMEOUT_MS, userVerification: 'required' });
  await keepChallenge(ctx.database.db, options.challenge, 'sign_in', null, ctx.clock.now());
  return options as unknown as Json;
}

/**
 * Password-less sign-in: the passkey is both factors (the device, and its lock: user verification required).
 * Answers the account it belongs to, when that account may sign in.
 */
export async function signInWithPasskey(ctx: AppContext, response: Json): Promise<UserRow> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const challenge = await spendChallenge(db, response, 'sign_in', null, now);
  const [row] = await db
    .select({ key: userPasskeys, user: users })
    .from(userPasskeys)
    .innerJoin(users, eq(users.id, userPasskeys.userId))
    .where(eq(userPasskeys.credentialId, credentialIdOf(response)))
    .limit(1);
  if (!row) throw new AppError('bad_request', { key: 'errors:passkey_unknown' }, undefined, { reason: 'passkey_unknown' });
  await verifyAssertion(ctx, row.key, response, challenge, true);
  if (row.user.blockedAt) throw new AppError('forbidden', { key: 'errors:account_blocked' }, undefined, { reason: 'account_blocked' });
  if (!row.user.isActive) throw new AppError('forbidden', { key: 'errors:account_disabled' }, undefined, { reason: 'account_disabled' });
  if (!row.user.confirmedAt)
    throw new AppError('forbidden', { key: 'errors:account_not_confirmed' }, undefined, { reason: 'account_not_confirmed' });
  return row.user;
}

/** The sign-in's second step with a passkey, first half: options naming the pending account's passkeys. */
export async function secondFactorOptions(ctx: AppContext, token: string): Promise<Json> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const user = await pendingUser(db, token, now);
  const keys = await passkeysOf(db, user.id);
  if (keys.length === 0) throw failed();
  const { rpID } = relyingParty(ctx);
  const options = await generateAuthenticationOptions({ rpID, timeout: TIMEOUT_MS, userVerification: 'preferred', allowCredentials: keys.map(descriptor) });
  await keepChallenge(db, options.challenge, 'second_factor', user.id, now);
  return options as unknown as Json;
}

/** The sign-in's second step with a passkey: one of the pending account's own; spends the pending token. */
export async function secondFactorWithPasskey(ctx: AppContext, token: string, response: Json): Promise<UserRow> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const user = await pendingUser(db, token, now);
  const challenge = await spendChallenge(db, response, 'second_factor', user.id, now);
  const [key] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, user.id), eq(userPasskeys.credentialId, credentialIdOf(response))))
    .limit(1);
  if (!key) throw failed();
  await verifyAssertion(ctx, key, response, challenge, false);
  await db.transaction((tx) => completePending(tx, token, user.id, now));
  return user;
}
