import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { classifyAddress, type AddressClass } from './addresses.ts';

/**
 * Requests to partner-given URLs (postbacks, site checks): decisions 0123 and 0141. Only http(s) (https only
 * where the caller says so); the host name is resolved here and every address it resolves to must be public
 * (lib/addresses.ts), the socket is pinned to the checked address by a custom lookup and the address it actually
 * connected to is checked again; each redirect (at most 3) is checked the same way; 5 s for the whole exchange
 * and 1 MB of answer at most. OUTBOUND_ALLOW_PRIVATE=true (tests with a local receiver) lifts the address rule.
 */

export const OUTBOUND_TIMEOUT_MS = 5_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 3;
export const OUTBOUND_MAX_URL_LENGTH = 2_000;
/** A name that does not resolve in this time is refused (the lookup itself cannot be cancelled; it is not waited for). */
export const OUTBOUND_DNS_TIMEOUT_MS = 2_000;

/** Refused before anything is sent (the URL or its address is not allowed). */
export type OutboundRefusal =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'credentials_in_url'
  | 'port_not_allowed'
  | 'host_not_found'
  | `address_${Exclude<AddressClass, 'public'>}`
  | 'too_many_redirects';
/** Failed on the way (the target is allowed but did not answer well). */
export type OutboundFailure = 'timeout' | 'too_large' | 'network';
export type OutboundReason = OutboundRefusal | OutboundFailure;

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundReason,
    message: string = reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
  /** A refusal by the rules (nothing was sent to a disallowed place), not a failure of the target. */
  get refused(): boolean {
    return !['timeout', 'too_large', 'network'].includes(this.reason);
  }
}

export interface OutboundPolicy {
  /** Lift the address rule (local receivers in tests; OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Refuse plain http (postbacks). */
  httpsOnly?: boolean;
  /** Only the standard web ports, 80 and 443 (production: a partner's URL may not reach other services of a host). */
  standardPortsOnly?: boolean;
  /** Exact addresses allowed despite the rule (set by code, never by a partner: tests of a redirect's re-check). */
  allowAddresses?: readonly string[];
  /**
   * Host names answered by code instead of DNS (set by code, never by a partner): tests that need a name to resolve
   * to a given address, and the demo's own local site. Their addresses are judged like DNS answers unless trusted.
   */
  pinnedHosts?: ReadonlyMap<string, PinnedHost>;
}

export interface PinnedHost {
  /** The address the name stands for. */
  address: string;
  /** The port to connect to instead of the URL's (a local server on a free port). */
  port?: number;
  /** Reach it even though it is not public (the demo's local site); redirects elsewhere are judged as usual. */
  trusted?: boolean;
}

/** Where one request may connect: the checked addresses (the first is used), and a pinned host's port and trust. */
interface Target {
  addresses: LookupAddress[];
  port?: number;
  trusted: boolean;
}

export interface OutboundRequest extends OutboundPolicy {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

/** The URL parsed and its scheme and form checked (no DNS). */
export function parseOutboundUrl(raw: string, policy: Pick<OutboundPolicy, 'httpsOnly' | 'standardPortsOnly'>): URL {
  if (raw.length > OUTBOUND_MAX_URL_LENGTH || !URL.canParse(raw)) throw new OutboundError('invalid_url');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('scheme_not_allowed');
  if (policy.httpsOnly && url.protocol !== 'https:') throw new OutboundError('scheme_not_allowed');
  if (url.username || url.password) throw new OutboundError('credentials_in_url');
  if (!url.hostname) throw new OutboundError('invalid_url');
  // URL leaves `port` empty for the scheme's default (80 for http, 443 for https).
  if (policy.standardPortsOnly && url.port !== '' && url.port !== '80' && url.port !== '443') throw new OutboundError('port_not_allowed');
  return url;
}

const hostOf = (url: URL) => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname);

function refusalOf(address: string, policy: OutboundPolicy): OutboundError | null {
  if (policy.allowPrivate || policy.allowAddresses?.includes(address)) return null;
  const cls = classifyAddress(address);
  return cls === 'public' ? null : new OutboundError(`address_${cls}`, `${address} is ${cls}`);
}

function resolveAll(host: string, timeoutMs = OUTBOUND_DNS_TIMEOUT_MS): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new OutboundError('timeout', `${host} did not resolve in ${timeoutMs} ms`)), timeoutMs);
    // Called through the module object so a test can stand in for a resolver that hangs (outbound-dns.test.ts).
    dns.lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(deadline);
      if (error || !addresses.length) reject(new OutboundError('host_not_found', `${host} does not resolve`, { cause: error }));
      else resolve(addresses);
    });
  });
}

/** Every address the URL's host resolves to must be allowed; answers them (the first one is the one used). */
async function allowedTarget(url: URL, policy: OutboundPolicy): Promise<Target> {
  const host = hostOf(url);
  const pinned = policy.pinnedHosts?.get(host.toLowerCase());
  if (pinned) {
    const family = isIP(pinned.address);
    if (!family) throw new OutboundError('host_not_found', `${host} is pinned to ${pinned.address}, not an address`);
    const refusal = pinned.trusted ? null : refusalOf(pinned.address, policy);
    if (refusal) throw refusal;
    return { addresses: [{ address: pinned.address, family }], port: pinned.port, trusted: pinned.trusted === true };
  }
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolveAll(host);
  for (const a of addresses) {
    const refusal = refusalOf(a.address, policy);
    if (refusal) throw refusal;
  }
  return { addresses, trusted: false };
}

/**
 * Save-time check of a partner-given URL: its form, scheme, and that its host resolves to allowed addresses only.
 * Throws OutboundError with the reason.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = parseOutboundUrl(raw, policy);
  await allowedTarget(url, policy);
  return url;
}

/** One request to one URL, connecting only to `pinned` (already checked); the socket's peer is checked again. */
function requestOnce(
  url: URL,
  target: Target,
  req: { method: string; headers: Record<string, string>; body?: string },
  policy: OutboundPolicy,
  limits: { signal: AbortSignal; maxBytes: number },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      if (error instanceof OutboundError) return reject(error);
      if (limits.signal.aborted) return reject(new OutboundError('timeout', 'no complete answer in time', { cause: error }));
      const code = (error as { code?: string }).code;
      reject(new OutboundError('network', code ?? (error as Error).message, { cause: error }));
    };
    // The lookup answers the address checked before, whatever DNS says now (no rebinding between check and connect).
    const pinned = target.addresses[0]!;
    const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: hostOf(url),
      port: target.port ?? (url.port || undefined),
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      agent: false,
      lookup: lookup as never,
      signal: limits.signal,
    });
    // Nothing is written (headers included) until the socket's peer has passed the rule again.
    const checkPeer = (socket: Socket): boolean => {
      const peer = socket.remoteAddress;
      const trusted = target.trusted && peer === pinned.address;
      const refusal = !peer ? new OutboundError('network', 'no peer address') : trusted ? null : refusalOf(peer, policy);
      if (!refusal) return true;
      fail(refusal);
      request.destroy(refusal);
      return false;
    };
    request.on('socket', (socket: Socket) => {
      const go = () => {
        if (checkPeer(socket)) request.end(body);
      };
      if (socket.remoteAddress) go();
      else socket.once('connect', go);
    });
    request.on('error', fail);
    request.on('response', (res) => {
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes) {
        res.destroy();
        return fail(new OutboundError('too_large', `answer of ${declared} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          res.destroy();
          fail(new OutboundError('too_large', `answer over ${limits.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A request to a partner-given URL under the outbound rules. Answers the final response (any status); throws
 * OutboundError for a refusal (nothing sent to a disallowed address) or a failure (timeout, too large, network).
 */
export async function outboundFetch(raw: string, opts: OutboundRequest): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  const maxBytes = opts.maxBytes ?? OUTBOUND_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  let url = parseOutboundUrl(raw, opts);
  let method: string = opts.method ?? 'GET';
  let body = opts.body;
  let headers: Record<string, string> = { 'user-agent': 'partner-cabinet/1', ...opts.headers };
  for (let redirects = 0; ; redirects++) {
    let target: Target;
    try {
      target = await allowedTarget(url, opts);
    } catch (error) {
      if (signal.aborted) throw new OutboundError('timeout', 'no answer in time', { cause: error });
      throw error;
    }
    const res = await requestOnce(url, target, { method, headers, body }, opts, { signal, maxBytes });
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return { ...res, url: url.toString() };
    if (redirects >= maxRedirects) throw new OutboundError('too_many_redirects', `more than ${maxRedirects} redirects`);
    if (!URL.canParse(location, url)) throw new OutboundError('invalid_url', 'redirect to an invalid URL');
    url = parseOutboundUrl(new URL(location, url).toString(), opts);
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body; 307/308 repeat the request.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
    }
  }
}
