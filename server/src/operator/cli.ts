/**
 * The operator's command-line tool: calls the operator API of a running cabinet (docs/operator.md).
 *
 *   OPERATOR_TOKEN=... OPERATOR_NAME=alice npm run operator -- <command> [options]
 *
 * CABINET_URL (default http://localhost:3000) is the cabinet's address; OPERATOR_NAME (or --as) is recorded
 * with every action.
 */
import { parseArgs } from 'node:util';
import { usdToMicro } from '@pc/core';

const HELP = `commands:
  payouts [--status S] [--user ID] [--page N]      list payout requests
  payout ID                                        show a request with its status history
  balance USER_ID                                  a partner's balance, hold and available amount
  review ID | process ID | accept ID               move a request along created → review → process → accepted
  reject ID --reason TEXT                          reject a request (created, review or process)
  additional (--user ID | --email E) --project fd1|fd2 (--usd 12.50 | --micro N) --reason TEXT [--day YYYY-MM-DD] [--key K]
                                                   add additional income (negative to take back); --key makes a
                                                   repeated command add nothing new
  news [--project fd1|fd2] --title T --body B [--lang en] [--text lang:title:body ...]
                                                   publish news (English required; more languages with --text)
  notify (--user ID | --email E | --all) --title T --body B [--text lang:title:body ...]
                                                   send a notification to one partner or to everyone
  ban-site ID --reason TEXT                        ban a partner site
  actions [--limit N]                              the operator action log
options: --as NAME (or OPERATOR_NAME), --url URL (or CABINET_URL), token from OPERATOR_TOKEN`;

export interface CliIo {
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
}

export async function runOperatorCli(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      user: { type: 'string' },
      email: { type: 'string' },
      all: { type: 'boolean' },
      page: { type: 'string' },
      reason: { type: 'string' },
      project: { type: 'string' },
      usd: { type: 'string' },
      micro: { type: 'string' },
      day: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      lang: { type: 'string' },
      text: { type: 'string', multiple: true },
      limit: { type: 'string' },
      as: { type: 'string' },
      key: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help) {
    io.out(HELP);
    return command ? 0 : 2;
  }
  const token = io.env.OPERATOR_TOKEN;
  const operator = values.as ?? io.env.OPERATOR_NAME;
  if (!token) return fail(io, 'OPERATOR_TOKEN is not set');
  if (!operator) return fail(io, 'say who you are: --as NAME or OPERATOR_NAME');
  const base = (values.url ?? io.env.CABINET_URL ?? 'http://localhost:3000').replace(/\/$/, '');

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await io.fetch(`${base}/operator/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-operator': operator, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: print as is
    }
    io.out(typeof json === 'string' ? json : JSON.stringify(json, null, 2));
    return res.ok ? 0 : 1;
  };
  const partner = () => (values.user ? { user_id: Number(values.user) } : values.email ? { email: values.email } : null);
  const texts = () => {
    const out: Record<string, { title: string; body: string }> = {};
    if (values.title !== undefined || values.body !== undefined) out[values.lang ?? 'en'] = { title: values.title ?? '', body: values.body ?? '' };
    for (const t of values.text ?? []) {
      const [lang, title, ...rest] = t.split(':');
      if (!lang || title === undefined || !rest.length) throw new Error(`--text must be lang:title:body, got ${t}`);
      out[lang] = { title, body: rest.join(':') };
    }
    return out;
  };
  const id = () => {
    if (!arg || !/^\d+$/.test(arg)) throw new Error(`${command} needs a numeric id`);
    return arg;
  };

  try {
    switch (command) {
      case 'payouts': {
        const q = new URLSearchParams();
        if (values.status) q.set('status', values.status);
        if (values.user) q.set('user_id', values.user);
        if (values.page) q.set('page', values.page);
        return await call('GET', `/payouts${q.size ? `?${q}` : ''}`);
      }
      case 'payout':
        return await call('GET', `/payouts/${id()}`);
      case 'balance':
        return await call('GET', `/partners/${id()}/balance`);
      case 'review':
      case 'process':
        return await call('POST', `/payouts/${id()}/status`, { status: command });
      case 'accept':
        return await call('POST', `/payouts/${id()}/status`, { status: 'accepted' });
      case 'reject':
        return await call('POST', `/payouts/${id()}/status`, { status: 'rejected', reason: values.reason });
      case 'additional': {
        const who = partner();
        if (!who) return fail(io, 'additional needs --user ID or --email E');
        const amount = values.micro !== undefined ? Number(values.micro) : values.usd !== undefined ? usdToMicro(values.usd) : NaN;
        if (!Number.isSafeInteger(amount)) return fail(io, 'additional needs --usd AMOUNT or --micro N');
        const body = { ...who, project: values.project, amount, reason: values.reason, ...(values.day ? { day: values.day } : {}) };
        return await call('POST', '/additional-income', body, values.key ? { 'idempotency-key': values.key } : {});
      }
      case 'news':
        return await call('POST', '/news', { ...(values.project ? { project: values.project } : {}), texts: texts() });
      case 'notify': {
        const who = values.all ? { all: true } : partner();
        if (!who) return fail(io, 'notify needs --user ID, --email E or --all');
        return await call('POST', '/notifications', { ...who, texts: texts() });
      }
      case 'ban-site':
        return await call('POST', `/sites/${id()}/ban`, { reason: values.reason });
      case 'actions':
        return await call('GET', `/actions${values.limit ? `?limit=${encodeURIComponent(values.limit)}` : ''}`);
      default:
        io.out(HELP);
        return fail(io, `unknown command ${command}`);
    }
  } catch (error) {
    return fail(io, (error as Error).message);
  }
}

function fail(io: CliIo, message: string): number {
  io.out(`error: ${message}`);
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const code = await runOperatorCli(process.argv.slice(2), { fetch, env: process.env, out: (line) => console.log(line) });
  process.exit(code);
}
