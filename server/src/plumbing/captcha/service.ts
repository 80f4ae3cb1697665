import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { spentCaptchas } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';

/**
 * The proof of work: PBKDF2/SHA-256 (the browser widget solves it with WebCrypto in workers) at a low
 * iteration count, in deterministic mode with a random counter, so the work is the counter times the
 * iterations: about 0.1 s on one server core, a second or two in a browser.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_COST = 200;
export const CAPTCHA_COUNTER_MIN = 1_000;
export const CAPTCHA_COUNTER_MAX = 2_000;
/** A challenge must be solved and submitted within this time. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

function secrets(ctx: AppContext) {
  const base = ctx.config.CAPTCHA_SECRET;
  return {
    hmacSignatureSecret: base,
    // The derived-key signature makes verification one HMAC instead of a key derivation.
    hmacKeySignatureSecret: createHmac('sha256', base).update('altcha-key-signature').digest('hex'),
  };
}

/**
 * A signed ALTCHA v2 challenge, in the shape the `altcha` widget v3 fetches: `{ parameters, signature }`.
 * The expiry is kept in the signed `data.exp` (seconds) and checked against the application clock;
 * `parameters.expiresAt` is left out because the library compares it with the system clock.
 */
export async function createCaptchaChallenge(ctx: AppContext): Promise<Challenge> {
  const exp = Math.floor((ctx.clock.now().getTime() + CAPTCHA_TTL_MS) / 1000);
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    keyLength: 32,
    counter: randomInt(CAPTCHA_COUNTER_MAX, CAPTCHA_COUNTER_MIN),
    deriveKey,
    data: { exp },
    ...secrets(ctx),
  });
}

interface SubmittedPayload {
  challenge: { parameters: Challenge['parameters']; signature: string };
  solution: { counter: number; derivedKey: string; time?: number };
}

function parsePayload(raw: string): SubmittedPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const challenge = v.challenge as Record<string, unknown> | null | undefined;
  const solution = v.solution as Record<string, unknown> | null | undefined;
  if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return null;
  const parameters = challenge.parameters as Record<string, unknown> | undefined;
  if (!parameters || typeof parameters !== 'object' || typeof challenge.signature !== 'string') return null;
  if (typeof parameters.nonce !== 'string' || typeof parameters.salt !== 'string' || typeof parameters.keyPrefix !== 'string') return null;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  return value as SubmittedPayload;
}

/**
 * Checks a captcha solution submitted with a form: signed by this server, solved, not expired, and not used
 * before (each solved challenge is spent once). Failures answer 422 on the `captcha` field.
 */
export async function verifyCaptcha(ctx: AppContext, raw: string): Promise<void> {
  const payload = parsePayload(raw);
  if (!payload) throw fieldError('captcha', 'validation:captcha_invalid');
  const { parameters, signature } = payload.challenge;
  // Only our own challenges: the algorithm and cost are part of the signed parameters, but refuse others early.
  if (parameters.algorithm !== CAPTCHA_ALGORITHM || parameters.cost !== CAPTCHA_COST) throw fieldError('captcha', 'validation:captcha_invalid');
  let result;
  try {
    result = await verifySolution({ challenge: { parameters, signature }, solution: payload.solution, deriveKey, ...secrets(ctx) });
  } catch {
    throw fieldError('captcha', 'validation:captcha_invalid');
  }
  if (!result.verified) throw fieldError('captcha', 'validation:captcha_invalid');
  const exp = Number(parameters.data?.exp);
  const now = ctx.clock.now();
  if (!Number.isFinite(exp) || exp * 1000 <= now.getTime()) throw fieldError('captcha', 'validation:captcha_expired');
  const db = ctx.database.db;
  const spent = await db
    .insert(spentCaptchas)
    .values({ signature, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  if (spent.length === 0) throw fieldError('captcha', 'validation:captcha_used');
  // Spent signatures are only needed until their challenge would have expired anyway.
  await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, now));
}
