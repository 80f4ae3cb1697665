import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database encrypted (AES-256-GCM) with keys derived from the configuration's secret
 * material: wallets' card numbers (money/wallets.ts, decision 0110) and staff authenticator secrets (decision
 * 0160). One format for both: `v1.<base64url of nonce | tag | ciphertext>`, bound to what it belongs to by
 * additional data, so a value copied to another row does not decrypt.
 */
const SEALED_VERSION = 'v1';

/** A 32-byte key derived from secret material by HKDF-SHA256; a salt and info per use keep the keys apart. */
export function deriveKey(material: string, salt: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, salt, info, 32));
}

/** AES-256-GCM of `plaintext` with a random 96-bit nonce, bound to `aad`. */
export function sealSecret(key: Buffer, aad: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Decrypts what sealSecret wrote; throws when the key or the additional data do not match, or it was altered. */
export function openSecret(key: Buffer, aad: string, sealed: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== SEALED_VERSION || !payload) throw new Error('unknown sealed secret format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
