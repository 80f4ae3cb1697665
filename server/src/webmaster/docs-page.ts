import { API_KEY_PREFIX, WEBMASTER_PATHS } from '@pc/core';
import { queryParameters, type DocumentedRoute } from './openapi.ts';

/**
 * GET /webmaster/docs: the webmaster API's reference as one server-rendered page (no script; the CSP allows inline
 * styles only). It lists only the webmaster calls, each with its parameters and a curl example. Decision 0122.
 */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An example value per query parameter, so that each curl line works as written. */
const EXAMPLES: Record<string, string> = { app: 'fd1', date_from: '2026-01-01', date_to: '2026-01-31', per_page: '50' };

export function curlExample(origin: string, route: DocumentedRoute): string {
  const required = queryParameters(route.schema?.querystring).filter((p) => p.required || p.name in EXAMPLES);
  const query = required.map((p) => `${p.name}=${encodeURIComponent(EXAMPLES[p.name] ?? '')}`).join('&');
  const url = `${new URL(origin).origin}${route.url}${query ? `?${query}` : ''}`;
  return `curl -H "Authorization: Bearer $PC_API_KEY" "${url}"`;
}

const describeSchema = (schema: Record<string, unknown>): string => {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  const type = typeof schema.type === 'string' ? schema.type : 'string';
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  const range = typeof schema.minimum === 'number' && typeof schema.maximum === 'number' ? ` ${schema.minimum}–${schema.maximum}` : '';
  return `${type}${format}${range}`;
};

export function webmasterDocsPage(opts: { origin: string; routes: DocumentedRoute[]; perMinute: number }): string {
  const origin = new URL(opts.origin).origin;
  const calls = [...opts.routes]
    .sort((a, b) => a.url.localeCompare(b.url))
    .map((route) => {
      const params = queryParameters(route.schema?.querystring);
      const rows = params
        .map((p) => {
          const schema = p.schema as Record<string, unknown>;
          const byDefault = schema.default !== undefined ? `default ${String(schema.default)}` : '';
          return `<tr><td><code>${escape(p.name)}</code></td><td>${p.required ? 'required' : escape(byDefault || 'optional')}</td><td>${escape(describeSchema(schema))}</td></tr>`;
        })
        .join('');
      const id = route.url.replace(WEBMASTER_PATHS.prefix, '').replace(/\W+/g, '-').replace(/^-|-$/g, '');
      return `<section id="${escape(id)}" data-call="${escape(route.url)}">
<h2><span class="method">${escape(route.method)}</span> <code>${escape(route.url)}</code></h2>
<p><strong>${escape(route.schema?.summary ?? '')}</strong>. ${escape(route.schema?.description ?? '')}</p>
${rows ? `<table><thead><tr><th>Parameter</th><th></th><th>Values</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No parameters.</p>'}
<pre><code>${escape(curlExample(origin, route))}</code></pre>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webmaster API – Partner Cabinet</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2937;background:#f6f7f9}
main{max-width:880px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.75rem;margin:0 0 8px}h2{font-size:1.15rem;margin:0 0 8px;overflow-wrap:anywhere}
section{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:16px 0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:#111827;color:#f9fafb;padding:12px;border-radius:6px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:start;vertical-align:top;overflow-wrap:anywhere}
.method{display:inline-block;background:#1d4ed8;color:#fff;border-radius:4px;padding:0 6px;font-size:.85em}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>Webmaster API</h1>
<p>Read-only access to your own statistics, earnings, balance and payouts, for your scripts and dashboards.</p>
<ul>
<li>Create your personal key on the <a href="/api-key">API key page</a> of the cabinet (it starts with <code>${API_KEY_PREFIX}</code> and is shown once; rotate it there if it leaks).</li>
<li>Send it with every call: <code>Authorization: Bearer &lt;key&gt;</code>. A missing, wrong or revoked key is answered <code>401</code>.</li>
<li>Money is integer micro-USD (1&nbsp;USD = 1,000,000); days are UTC, written <code>YYYY-MM-DD</code>; lists answer <code>{ data, meta: { page, per_page, total } }</code>.</li>
<li>At most ${opts.perMinute} calls per minute per key; more are answered <code>429</code> with <code>Retry-After</code> (seconds).</li>
<li>Errors are <code>{ "code": "…", "message": "…" }</code>; <code>422</code> adds <code>errors</code> per parameter.</li>
<li>Machine-readable: <a href="${WEBMASTER_PATHS.prefix}${WEBMASTER_PATHS.openapi}">OpenAPI document</a>.</li>
</ul>
<pre><code>export PC_API_KEY='${API_KEY_PREFIX}…'</code></pre>
${calls}
</main>
</body>
</html>`;
}
