import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helpers of the exchange-rate feeds: a local HTTP server (127.0.0.1, a free port) that plays the central
 * banks, and their feeds' bodies. Tests never reach the internet.
 */

export type FeedHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FeedServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Sets what a path answers (a handler, or a body with its Content-Type). */
  serve(
    path: string,
    answer: FeedHandler | { body: string | Uint8Array; contentType: string; status?: number },
  ): void;
  /** Requests received per path. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const handlers = new Map<string, FeedHandler>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    serve(path, answer) {
      handlers.set(
        path,
        typeof answer === 'function'
          ? answer
          : (_req, res) => {
              res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
              res.end(answer.body);
            },
      );
    },
    hits: (path) => hits.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** windows-1251 bytes of text made of ASCII and Russian letters (all a fixture needs; Node has no such encoder). */
export function encodeWindows1251(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x0410 && code <= 0x044f) bytes.push(code - 0x0410 + 0xc0);
    else if (code === 0x0401) bytes.push(0xa8);
    else if (code === 0x0451) bytes.push(0xb8);
    else throw new Error(`not in the fixture encoder: ${ch}`);
  }
  return Uint8Array.from(bytes);
}

/** A CBR daily XML as the bank serves it (windows-1251 declared), with USD at `usd` ('92,5058') per `nominal`. */
export function cbrDailyXml(date: string, usd: string, nominal = 1): string {
  return (
    `<?xml version="1.0" encoding="windows-1251"?>` +
    `<ValCurs Date="${date}" name="Foreign Currency Market">` +
    `<Valute ID="R01010"><NumCode>036</NumCode><CharCode>AUD</CharCode><Nominal>1</Nominal><Name>Австралийский доллар</Name><Value>59,8712</Value><VunitRate>59,8712</VunitRate></Valute>` +
    `<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>${nominal}</Nominal><Name>Доллар США</Name><Value>${usd}</Value><VunitRate>${usd}</VunitRate></Valute>` +
    `<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>100,1234</Value><VunitRate>100,1234</VunitRate></Valute>` +
    `<Valute ID="R01720"><NumCode>980</NumCode><CharCode>UAH</CharCode><Nominal>10</Nominal><Name>Украинских гривен</Name><Value>22,4405</Value><VunitRate>2,24405</VunitRate></Valute>` +
    `</ValCurs>`
  );
}

/** The NBU answer for valcode=USD. */
export function nbuUsdJson(date: string, rate: number | string): string {
  return `[{"r030":840,"txt":"Долар США","rate":${rate},"cc":"USD","exchangedate":"${date}"}]`;
}
