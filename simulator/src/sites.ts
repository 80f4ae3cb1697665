import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSiteUrl, siteVerificationMetaTag, type ProjectId, type SiteAddAnswer, type SitesAnswer, type SiteVerifyAnswer } from '@pc/core';

/**
 * A partner's site, played for real: a local web server (node:http) that carries the ownership proofs a partner
 * puts on a site (the `<login>.txt` file with the verification code, and the meta tag on the home page), and the
 * cabinet's own calls to add the site and have it checked. The cabinet fetches the proof over HTTP, so it must be
 * able to reach this server: a cabinet started with OUTBOUND_ALLOW_PRIVATE=true and the site's address on
 * 127.0.0.1, or (the demo) a host name the cabinet's code pins to it.
 */

export interface PartnerSite {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Puts the proofs in place: `/<fileName>` holds the code, the home page's head the meta tag. */
  prove(fileName: string, token: string): void;
  close(): Promise<void>;
}

export async function startPartnerSite(): Promise<PartnerSite> {
  let proof: { file: string; token: string } | null = null;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (proof && path === `/${proof.file}`) return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`${proof.token}\n`);
    if (path === '/') {
      const meta = proof ? siteVerificationMetaTag(proof.token) : '';
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><title>New releases</title>${meta}</head><body><h1>New releases</h1></body></html>`);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    prove: (file, token) => {
      proof = { file, token };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A signed-in partner's call to the cabinet's API (path under /api, JSON body); rejects on an error status. */
export type CabinetCall = <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => Promise<T>;

export interface SiteOutcome {
  domain: string;
  status: string;
  verified: boolean;
  /** The cabinet's message (the reason when not verified). */
  message: string;
}

/**
 * Has the partner's site at `url` listed and verified in `project` through the cabinet's API, the proof served by
 * `site`: reads the verification data, adds the site unless it is listed already, and asks for the check. A site
 * already active is left as it is.
 */
export async function addAndVerifySite(call: CabinetCall, project: ProjectId, url: string, site: PartnerSite): Promise<SiteOutcome> {
  const parsed = parseSiteUrl(url, { allowLocal: true });
  if (!parsed.ok) throw new Error(`not a site address: ${url} (${parsed.problem})`);
  const list = await call<SitesAnswer>('GET', `/sites?app=${project}&per_page=200`);
  site.prove(list.verification.file_name, list.verification.token);
  let listed = list.data.find((s) => s.domain === parsed.domain);
  if (listed?.status === 'active') return { domain: listed.domain, status: listed.status, verified: true, message: '' };
  listed ??= (await call<SiteAddAnswer>('POST', `/sites?app=${project}`, { url })).data;
  const answer = await call<SiteVerifyAnswer>('POST', `/sites/${listed.id}/verify`);
  return { domain: answer.data.domain, status: answer.data.status, verified: answer.verified, message: answer.message };
}
