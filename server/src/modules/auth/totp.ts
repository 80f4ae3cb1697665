import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import { deriveKey, openSecret, sealSecret } from '../../lib/sealed.ts';

/**
 * Partners' authenticator (decision 0190), as the staff's (decision 0160): RFC 6238 TOTP through otplib (SHA-1,
 * six digits, 30-second steps, the step before and after accepted for clock drift), QR codes through qrcode, the
 * secret sealed with lib/sealed.ts, recovery codes stored as SHA-256. No OTP arithmetic of our own.
 */
export const TOTP_ISSUER = 'Partner Cabinet';
const TOTP_PERIOD_S = 30;

/** The key that seals partners' secrets: HKDF of SESSION_SECRET with a salt of its own (not the staff's key). */
const keys = new Map<string, Buffer>();
function totpKey(config: Pick<Config, 'SESSION_SECRET'>): Buffer {
  let key = keys.get(config.SESSION_SECRET);
  if (!key) keys.set(config.SESSION_SECRET, (key = deriveKey(config.SESSION_SECRET, 'partner-cabinet/partners', 'totp/aes-256-gcm/v1')));
  return key;
}
const aad = (userId: number) => `user-totp:${userId}`;

export const newTotpSecret = (): string => generateSecret();

export function sealTotpSecret(config: Pick<Config, 'SESSION_SECRET'>, userId: number, secret: string): string {
  return sealSecret(totpKey(config), aad(userId), secret);
}

/** The partner's base32 secret; throws when it cannot be read (another SESSION_SECRET, an altered row). */
export function openTotpSecret(config: Pick<Config, 'SESSION_SECRET'>, userId: number, sealed: string): string {
  return openSecret(totpKey(config), aad(userId), sealed);
}

/** What the setup step shows: the otpauth:// URL, the same as a QR code (an SVG document), and the secret. */
export async function totpSetup(secret: string, email: string): Promise<{ otpauth_url: string; qr_svg: string; secret: string }> {
  const url = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_url: url, qr_svg: svg, secret };
}

/** The time step a code is right for at `now` (±1 step), or null; a step at or before `afterStep` is refused. */
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
