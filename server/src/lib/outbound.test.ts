import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOutboundUrl, OutboundError, outboundFetch, parseOutboundUrl, type OutboundReason } from './outbound.ts';

/** A real local HTTP server; `hits` counts every request that reached it. */
let server: Server;
let base: string;
let port: number;
let hits: Array<{ method: string; url: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', body });
      const path = req.url ?? '/';
      if (path === '/') return res.end('ok');
      if (path === '/echo') return res.end(`${req.method} ${body}`);
      if (path === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.2:${port}/` }).end();
      if (path === '/to-ipv6-loopback') return res.writeHead(307, { location: `http://[::1]:${port}/` }).end();
      if (path === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-echo-307') return res.writeHead(307, { location: '/echo' }).end();
      if (path === '/to-echo-303') return res.writeHead(303, { location: '/echo' }).end();
      if (path.startsWith('/loop')) return res.writeHead(302, { location: `/loop${path.length}` }).end();
      if (path === '/big') return res.end(Buffer.alloc(1024 * 1024 + 10, 97));
      if (path === '/slow') return; // never answers
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
});

const strict = { allowPrivate: false } as const;
const open = { allowPrivate: true } as const;

async function reasonOf(promise: Promise<unknown>): Promise<OutboundReason> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    return (error as OutboundError).reason;
  }
  throw new Error('expected a refusal');
}

describe('outboundFetch against a real local server', () => {
  it('is refused by default: the loopback receiver gets nothing', async () => {
    expect(await reasonOf(outboundFetch(`${base}/`, strict))).toBe('address_loopback');
    expect(hits).toEqual([]);
  });

  it('reaches it with OUTBOUND_ALLOW_PRIVATE (tests only)', async () => {
    const res = await outboundFetch(`${base}/`, open);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('ok');
    const post = await outboundFetch(`${base}/echo`, { ...open, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(post.body.toString()).toBe('POST {"a":1}');
  });

  it.each([
    ['http://127.0.0.1/', 'address_loopback'],
    ['http://127.1.2.3:8080/x', 'address_loopback'],
    ['http://[::1]/', 'address_loopback'],
    ['http://[::ffff:127.0.0.1]/', 'address_loopback'],
    ['http://0.0.0.0/', 'address_unspecified'],
    ['http://10.0.0.1/', 'address_private'],
    ['http://192.168.1.1/', 'address_private'],
    ['http://172.16.5.4/', 'address_private'],
    ['http://169.254.169.254/latest/meta-data/', 'address_link_local'],
    ['http://[fe80::1]/', 'address_link_local'],
    ['http://[fd00::1]/', 'address_unique_local'],
    ['http://100.64.1.1/', 'address_cgnat'],
    ['http://224.0.0.1/', 'address_multicast'],
    ['http://localhost/', 'address_loopback'],
    ['ftp://example.com/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['http://user:pass@example.com/', 'credentials_in_url'],
    ['not a url', 'invalid_url'],
  ] as const)('refuses %s (%s)', async (url, reason) => {
    expect(await reasonOf(outboundFetch(url, strict))).toBe(reason);
  });

  it.each([
    ['http://example.com:8080/', 'port_not_allowed'],
    ['https://example.com:22/', 'port_not_allowed'],
    ['http://example.com:6379/', 'port_not_allowed'],
  ] as const)('with only the standard ports, refuses %s before any lookup', async (url, reason) => {
    expect(await reasonOf(outboundFetch(url, { ...strict, standardPortsOnly: true }))).toBe(reason);
  });

  it('with only the standard ports, the scheme\'s default and the explicit 80 and 443 pass the form check', () => {
    for (const url of ['http://example.com/', 'https://example.com/', 'http://example.com:80/', 'https://example.com:443/'])
      expect(parseOutboundUrl(url, { standardPortsOnly: true }).hostname).toBe('example.com');
  });

  it('refuses plain http when https is required', async () => {
    expect(await reasonOf(outboundFetch(`${base}/`, { ...open, httpsOnly: true }))).toBe('scheme_not_allowed');
    expect(hits).toEqual([]);
  });

  it('checks every redirect again: a redirect to loopback, [::1] or the metadata address is refused', async () => {
    // The first hop is allowed by its exact address; where it redirects is not.
    const firstHopOnly = { allowPrivate: false, allowAddresses: ['127.0.0.1'] };
    expect((await outboundFetch(`${base}/`, firstHopOnly)).status).toBe(200);
    hits = [];
    expect(await reasonOf(outboundFetch(`${base}/to-loopback`, firstHopOnly))).toBe('address_loopback');
    expect(await reasonOf(outboundFetch(`${base}/to-ipv6-loopback`, firstHopOnly))).toBe('address_loopback');
    expect(await reasonOf(outboundFetch(`${base}/to-metadata`, firstHopOnly))).toBe('address_link_local');
    expect(hits.map((h) => h.url)).toEqual(['/to-loopback', '/to-ipv6-loopback', '/to-metadata']);
  });

  it('follows at most 3 redirects', async () => {
    expect(await reasonOf(outboundFetch(`${base}/loop`, open))).toBe('too_many_redirects');
    expect(hits).toHaveLength(4);
  });

  it('307 repeats the POST with its body; 303 continues as a GET', async () => {
    const keep = await outboundFetch(`${base}/to-echo-307`, { ...open, method: 'POST', body: 'x=1' });
    expect(keep.body.toString()).toBe('POST x=1');
    expect(keep.url).toBe(`${base}/echo`);
    const get = await outboundFetch(`${base}/to-echo-303`, { ...open, method: 'POST', body: 'x=1' });
    expect(get.body.toString()).toBe('GET ');
  });

  it('stops reading past 1 MB', async () => {
    expect(await reasonOf(outboundFetch(`${base}/big`, open))).toBe('too_large');
  });

  it('gives up after the deadline', async () => {
    const started = Date.now();
    expect(await reasonOf(outboundFetch(`${base}/slow`, { ...open, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a refusal is told apart from a failure', async () => {
    const refusal = new OutboundError('address_loopback');
    const failure = new OutboundError('timeout');
    expect([refusal.refused, failure.refused]).toEqual([true, false]);
  });
});

describe('pinned host names (set by code: tests and the demo site)', () => {
  it('a pinned name is judged by its address like a DNS answer: private ones are refused before connecting', async () => {
    const pinnedHosts = new Map([
      ['loop.example.com', { address: '127.0.0.1', port }],
      ['ten.example.com', { address: '10.0.0.1' }],
      ['metadata.example.com', { address: '169.254.169.254' }],
      ['six.example.com', { address: '::1', port }],
    ]);
    expect(await reasonOf(outboundFetch('http://loop.example.com/', { ...strict, pinnedHosts }))).toBe('address_loopback');
    expect(await reasonOf(outboundFetch('http://ten.example.com/', { ...strict, pinnedHosts }))).toBe('address_private');
    expect(await reasonOf(outboundFetch('http://metadata.example.com/latest/', { ...strict, pinnedHosts }))).toBe('address_link_local');
    expect(await reasonOf(outboundFetch('http://six.example.com/', { ...strict, pinnedHosts }))).toBe('address_loopback');
    expect(hits).toEqual([]);
  });

  it('a trusted pin reaches its local server on its port; its redirects elsewhere are still judged', async () => {
    const pinnedHosts = new Map([['site.example.com', { address: '127.0.0.1', port, trusted: true }]]);
    const res = await outboundFetch('http://site.example.com/', { ...strict, pinnedHosts });
    expect([res.status, res.body.toString(), res.url]).toEqual([200, 'ok', 'http://site.example.com/']);
    expect(await reasonOf(outboundFetch('http://site.example.com/to-loopback', { ...strict, pinnedHosts }))).toBe('address_loopback');
    expect(hits.map((h) => h.url)).toEqual(['/', '/to-loopback']);
  });
});

describe('checkOutboundUrl (save time)', () => {
  it('refuses private targets, allows them with the flag, and refuses a host that does not resolve', async () => {
    expect(await reasonOf(checkOutboundUrl('https://localhost/hook', strict))).toBe('address_loopback');
    expect(await reasonOf(checkOutboundUrl('https://127.0.0.1/hook', { allowPrivate: false, httpsOnly: true }))).toBe('address_loopback');
    expect(await reasonOf(checkOutboundUrl('http://8.8.8.8/hook', { allowPrivate: false, httpsOnly: true }))).toBe('scheme_not_allowed');
    expect((await checkOutboundUrl(`${base}/`, open)).toString()).toBe(`${base}/`);
    expect(await reasonOf(checkOutboundUrl('https://no-such-host.invalid/', strict))).toBe('host_not_found');
    expect((await checkOutboundUrl('https://8.8.8.8/hook', strict)).hostname).toBe('8.8.8.8');
  });
});
