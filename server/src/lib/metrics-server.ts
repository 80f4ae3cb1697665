import { createServer, type Server } from 'node:http';
import { registry } from './metrics.ts';

/** /metrics on a port of its own (METRICS_PORT), for a scraper inside the deployment's network; nothing else there. */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
