import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** Test helpers for mail: a real SMTP peer that keeps what it receives, and readers of the raw messages. */

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  /** The SMTP_URL that sends to this peer. */
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** The port to listen on (a peer started again on the port of one that was closed); default any free one. */
  port?: number;
  /** Messages kept so far (a peer started again keeps adding to the same list). */
  received?: ReceivedMail[];
  /**
   * Called when a message's data has arrived, before the peer answers: a promise that never settles leaves the
   * sender waiting for the answer, as a peer does while it takes over a message.
   */
  beforeAccept?: (mail: ReceivedMail) => Promise<void> | void;
}

/** A local SMTP server (no TLS, no auth) keeping every message it accepts. */
export async function startSmtpPeer(opts: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = opts.received ?? [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        void Promise.resolve(opts.beforeAccept?.(mail)).then(() => {
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The decoded text/plain part of a raw MIME message (quoted-printable or base64). */
export function plainText(raw: string): string {
  return mimePart(raw, 'text/plain');
}

/** The decoded text/html part of a raw MIME message. */
export function htmlText(raw: string): string {
  return mimePart(raw, 'text/html');
}

function mimePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const part = raw.split(/\r?\n--/).find((p) => new RegExp(`content-type:\\s*${type.replace('/', '\\/')}`, 'i').test(p));
  if (!part) throw new Error(`no ${type} part`);
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head!)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}


/** A raw message's header by name, unfolded (a long header continues on lines that start with white space); null if absent. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** A raw message's Subject header ('' without one). */
export const subjectOf = (raw: string) => headerOf(raw, 'subject') ?? '';
