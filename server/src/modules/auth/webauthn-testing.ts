import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for tests: it answers WebAuthn options as a browser's authenticator would (attestation
 * "none", ES256 over P-256, CBOR written here), so the server's checks run for real without a browser.
 */

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64u = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  credentialId: string;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

/** Answers registration options (as navigator.credentials.create would) with a new ES256 credential. */
export function createCredential(options: Record<string, unknown>, origin: string): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credId = randomBytes(16);
  const rpId = (options.rp as { id: string }).id;
  const counter = Buffer.alloc(4);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credId.length);
  // Flags: user present, user verified, attested credential data.
  const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04 | 0x40]), counter, Buffer.alloc(16), idLength, credId, cose]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
  const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
  const userHandle = (options.user as { id: string }).id;
  return {
    passkey: { credentialId: b64u(credId), privateKey, counter: 0, userHandle },
    response: {
      id: b64u(credId),
      rawId: b64u(credId),
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    },
  };
}

/** Answers authentication options (as navigator.credentials.get would) with the passkey's signature. */
export function assert(passkey: SoftPasskey, options: Record<string, unknown>, origin: string, challenge = options.challenge as string): Record<string, unknown> {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(options.rpId as string), Buffer.from([0x01 | 0x04]), counter]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}
