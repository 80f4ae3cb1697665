import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../config.ts';
import { deriveKey, openSecret, sealSecret } from '../lib/sealed.ts';

/**
 * The staff's authenticator (RFC 6238 TOTP through otplib: SHA-1, six digits, 30-second steps, the step before
 * and after accepted for clock drift) and their recovery codes (decision 0160). No code of our own computes an
 * OTP; this file only keeps the secret sealed and the codes hashed.
 */
export const TOTP_ISSUER = 'Partner Cabinet';
const TOTP_PERIOD_S = 30;

/**
 * The key that seals authenticator secrets, from SESSION_SECRET (a setting every deployment has). Changing
 * SESSION_SECRET makes the sealed secrets unreadable: staff then cannot sign in until an administrator resets
 * their authenticator (`npm run operator -- staff reset-totp`); nothing falls back to signing in without one.
 */
const keys = new Map<string, Buffer>();
function totpKey(config: Pick<Config, 'SESSION_SECRET'>): Buffer {
  let key = keys.get(config.SESSION_SECRET);
  if (!key) keys.set(config.SESSION_SECRET, (key = deriveKey(config.SESSION_SECRET, 'partner-cabinet/staff', 'totp/aes-256-gcm/v1')));
  return key;
}
const aad = (staffId: number) => `staff-totp:${staffId}`;

/** A new random base32 secret (160 bits, as authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret();
}

export function sealTotpSecret(config: Pick<Config, 'SESSION_SECRET'>, staffId: number, secret: string): string {
  return sealSecret(totpKey(config), aad(staffId), secret);
}

/** The member's base32 secret; throws when it cannot be read (another SESSION_SECRET, an altered row). */
export function openTotpSecret(config: Pick<Config, 'SESSION_SECRET'>, staffId: number, sealed: string): string {
  return openSecret(totpKey(config), aad(staffId), sealed);
}

/** What the setup screen shows: the otpauth:// URL, the same as a QR code (an SVG document) and the secret. */
export async function totpSetup(secret: string, email: string): Promise<{ otpauth_url: string; qr_svg: string; secret: string }> {
  const url = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_url: url, qr_svg: svg, secret };
}

/**
 * The time step a code is right for at `now` (the current step, the one before or the one after), or null. A
 * step at or before `afterStep` (the last code accepted) is refused, so a code seen once cannot be used again.
 */
export async function acceptedTotpStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_S,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code or secret is simply not a right code.
    return null;
  }
}

// ---- recovery codes -------------------------------------------------------------------------------------------

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes such as `k7qm-w2xd-9fha`: 12 characters of 31, about 59 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** SHA-256 (hex) of a code as typed, ignoring case, spaces and dashes. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}
