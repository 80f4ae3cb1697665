/**
 * What a log line may say of a request and an error (decision 0176): link tokens and one-time codes never reach a
 * log. The pages and calls below carry them in their path (mailed links, auto-login, the staff's view-as link);
 * any `token`, `code`, `key`, `secret` or `signature` query parameter is a secret wherever it appears.
 */
const TOKEN_PATHS: Array<{ prefix: RegExp; open?: RegExp }> = [
  { prefix: /^(\/(?:api\/)?auth\/confirm-registration\/)/ },
  { prefix: /^(\/(?:api\/)?auth\/restore-access\/)/, open: /^request$/ },
  { prefix: /^(\/(?:api\/)?auth\/restore-password\/)/, open: /^request$/ },
  { prefix: /^(\/(?:api\/)?auth\/confirm-password-changing\/)/ },
  { prefix: /^(\/(?:api\/)?auth\/auto-login\/)/, open: /^(from|to\/[\w-]+)$/ },
  { prefix: /^(\/(?:api\/)?purse\/confirm\/)/ },
  { prefix: /^(\/(?:api\/)?settings\/email\/confirm\/)/ },
  { prefix: /^(\/(?:api\/)?alerts\/unsubscribe\/)/ },
  { prefix: /^(\/(?:api\/)?not-me\/)/ },
  { prefix: /^(\/operator\/v1\/view-as\/)/ },
];
const SECRET_PARAMS = /^(token|code|key|secret|signature|sig)$/i;
export const REDACTED = '[redacted]';

/** A request URL as it may be logged: secret path parts and query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at + 1);
  for (const { prefix, open } of TOKEN_PATHS) {
    const match = prefix.exec(path);
    if (!match) continue;
    const rest = path.slice(match[1]!.length);
    if (rest && !open?.test(rest)) path = `${match[1]}${REDACTED}`;
    break;
  }
  if (!query) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * An error as it may be logged: a failed query's parameters (card data, password hashes, tokens) are dropped, from
 * its message too, and so is any echo of them in the database's own message (PostgreSQL quotes a value it could not
 * take), along the cause chain; the statement, the rest of the database's message and its code stay.
 */
export function redactError(error: unknown, secrets: string[] = []): unknown {
  if (!(error instanceof Error)) return error;
  const { params, cause } = error as Error & { params?: unknown; cause?: unknown };
  const found = Array.isArray(params) ? params.map((p) => (typeof p === 'string' ? p : JSON.stringify(p) ?? '')).filter((p) => p.length >= 4) : [];
  const all = [...secrets, ...found];
  if (params === undefined && all.length === 0 && !(cause instanceof Error)) return error;
  const scrub = (text: string | undefined) =>
    all.reduce((t, secret) => t.split(secret).join(REDACTED), (text ?? '').replace(/\nparams: [^\n]*/, `\nparams: ${REDACTED}`));
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  Object.defineProperty(copy, 'message', { value: scrub(error.message), enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', { value: scrub(error.stack), enumerable: false, writable: true });
  if (params !== undefined) (copy as { params?: unknown }).params = REDACTED;
  if (cause instanceof Error) (copy as { cause?: unknown }).cause = redactError(cause, all);
  return copy;
}
