import { hash, verify, type Options } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldError } from './errors.ts';

/**
 * argon2id, 64 MiB, 3 passes, 1 lane (RFC 9106's second recommended setting with one lane). Measured on the
 * development machine: about 67 ms per hash (docs/decisions/0010-password-hashing.md).
 */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
export const ARGON2_OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 65_536, timeCost: 3, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when there is no account, so timing does not tell whether one exists. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The bundled list of common passwords (lower-cased, one a line), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}

/**
 * The password policy beyond its length (8 to 128 characters, the contracts' passwordField): not a common
 * password. Registration, password recovery and the settings screen's change all apply it (decision 0010).
 */
export function assertPasswordAcceptable(password: string, field = 'password') {
  if (isCommonPassword(password)) throw fieldError(field, 'validation:password_common');
}
