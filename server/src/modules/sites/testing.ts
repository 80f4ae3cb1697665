import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helpers of site referrals: a real local web site (node:http) whose answers a test sets per path, and which
 * records every request that reached it.
 */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LocalSite {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Answers per path; any other path answers 404. */
  routes: Map<string, SiteHandler>;
  /** The paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

export const text =
  (body: string, status = 200, type = 'text/plain; charset=utf-8'): SiteHandler =>
  (_req, res) =>
    void res.writeHead(status, { 'content-type': type }).end(body);

export const html = (head: string, body = '<p>Welcome</p>'): SiteHandler =>
  text(`<!doctype html><html><head><title>My site</title>${head}</head><body>${body}</body></html>`, 200, 'text/html; charset=utf-8');

export const redirect =
  (location: string, status = 302): SiteHandler =>
  (_req, res) =>
    void res.writeHead(status, { location }).end();

/** Never answers (the check's deadline ends it). */
export const silent: SiteHandler = () => undefined;

export async function startLocalSite(): Promise<LocalSite> {
  const routes = new Map<string, SiteHandler>();
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    routes,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
