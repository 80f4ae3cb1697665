import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../config.ts';
import { deriveKey, openSecret, sealSecret } from '../lib/sealed.ts';

/**
 * Authenticator codes and recovery codes, for partners (decision 0190) and staff (decision 0160) alike: RFC 6238
 * TOTP through otplib (SHA-1, six digits, 30-second steps, the step before and after accepted for clock drift), QR
 * codes through qrcode, the secret sealed with lib/sealed.ts under a key of each side's own, recovery codes stored as
 * SHA-256. No OTP arithmetic of our own.
 */
export const TOTP_ISSUER = 'Partner Cabinet';
const TOTP_PERIOD_S = 30;

/** A new random base32 secret (160 bits, as authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret();
}

/**
 * Sealing and opening one side's secrets: a key derived from SESSION_SECRET with the side's own salt, and the
 * account's id bound in as associated data (a secret copied to another row does not open). Changing SESSION_SECRET
 * makes the sealed secrets unreadable: the authenticator has to be reset for whoever had one.
 */
export function totpVault(salt: string, aadPrefix: string) {
  const keys = new Map<string, Buffer>();
  const keyOf = (config: Pick<Config, 'SESSION_SECRET'>) => {
    let key = keys.get(config.SESSION_SECRET);
    if (!key) keys.set(config.SESSION_SECRET, (key = deriveKey(config.SESSION_SECRET, salt, 'totp/aes-256-gcm/v1')));
    return key;
  };
  return {
    seal: (config: Pick<Config, 'SESSION_SECRET'>, id: number, secret: string): string => sealSecret(keyOf(config), `${aadPrefix}:${id}`, secret),
    /** The base32 secret; throws when it cannot be read (another SESSION_SECRET, an altered row). */
    open: (config: Pick<Config, 'SESSION_SECRET'>, id: number, sealed: string): string => openSecret(keyOf(config), `${aadPrefix}:${id}`, sealed),
  };
}

/** What the setup step shows: the otpauth:// URL, the same as a QR code (an SVG document), and the secret. */
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
