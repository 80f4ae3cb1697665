import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers of postbacks: a real local receiver that checks each signature as a partner's server would. */

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; event: string; project: string; created_at: string; data: Record<string, unknown> };
  /** Whether X-Postback-Signature is the HMAC-SHA256 of the raw body with the receiver's secret. */
  signatureValid: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses the next requests get, in order; when empty, 200. */
  answers: number[];
  secret: string;
  close(): Promise<void>;
}

/** Verifies a postback as a receiver would: constant-time comparison of the hex HMAC of the raw body. */
export function verifySignature(secret: string, raw: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = { received: [], answers: [], secret: '' };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      receiver.received.push({
        headers: req.headers,
        raw,
        body: JSON.parse(raw) as Received['body'],
        signatureValid: verifySignature(receiver.secret, raw, req.headers['x-postback-signature'] as string | undefined),
      });
      res.writeHead(receiver.answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/postback`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
