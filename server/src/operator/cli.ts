/**
 * The operator's command-line tool: calls the operator API of a running cabinet (docs/operator.md).
 *
 *   OPERATOR_TOKEN=... OPERATOR_NAME=alice npm run operator -- <command> [options]
 *
 * CABINET_URL (default http://localhost:3000) is the cabinet's address; OPERATOR_NAME (or --as) is recorded
 * with every action. The `staff` commands work on the database itself (DATABASE_URL or DATA_DIR, as the server):
 * they make the first administrator, before anyone can sign in to the console.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { isStaffRole, staffCreateBody, usdToMicro } from '@pc/core';
import type { Database } from '../db/client.ts';
import type { StaffActor } from './audit.ts';
import { createStaff, listStaff, updateStaff } from './staff-admin.ts';
import { findStaffByEmail } from './staff-auth.ts';

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
  staff add --email E --name N --role admin|finance|support|content [--password P]
                                                   add a console member on the database directly (prints a
                                                   one-time temporary password unless --password is given)
  staff list                                       the console's members
  staff reset-totp --email E                       forget a member's authenticator: set up anew at next sign-in
options: --as NAME (or OPERATOR_NAME), --url URL (or CABINET_URL), token from OPERATOR_TOKEN`;

export interface CliIo {
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  /** The server's database and settings, for the `staff` commands (opened only when one runs). */
  database?: () => Promise<{ database: Database; now: () => Date; close: () => Promise<void> }>;
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
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help) {
    io.out(HELP);
    return command ? 0 : 2;
  }
  if (command === 'staff') return staffCommand(arg, values, io);
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

/**
 * `staff add | list | reset-totp` on the database directly, audited as the machine's user (actor kind legacy).
 * The embedded database (no DATABASE_URL) is one process's at a time: stop the server first.
 */
async function staffCommand(sub: string | undefined, values: { email?: string; name?: string; role?: string; password?: string }, io: CliIo): Promise<number> {
  if (!io.database) return fail(io, 'the staff commands need the database');
  if (sub !== 'add' && sub !== 'list' && sub !== 'reset-totp') return fail(io, 'staff add | list | reset-totp');
  const { database, now, close } = await io.database();
  const actor: StaffActor = { kind: 'legacy', id: null, name: `cli:${io.env.USER ?? safeUser()}`, role: 'admin' };
  try {
    if (sub === 'list') {
      for (const m of await listStaff(database.db))
        io.out(`${m.id}\t${m.email}\t${m.role}\t${m.name}${m.disabled_at ? '\tdisabled' : ''}${m.totp_confirmed ? '' : '\tauthenticator not set up'}`);
      return 0;
    }
    if (sub === 'reset-totp') {
      const member = values.email ? await findStaffByEmail(database.db, values.email) : undefined;
      if (!member) return fail(io, 'staff reset-totp needs the --email of a member');
      await updateStaff(database.db, actor, member.id, { reset_totp: true }, null, now());
      io.out(`${member.email}: the authenticator is set up anew at the next sign-in`);
      return 0;
    }
    if (!values.role || !isStaffRole(values.role)) return fail(io, 'staff add needs --role admin|finance|support|content');
    const parsed = staffCreateBody.safeParse({ email: values.email, name: values.name, role: values.role, ...(values.password ? { password: values.password } : {}) });
    if (!parsed.success) return fail(io, `staff add: ${parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`);
    const created = await createStaff(database.db, actor, parsed.data, null, now());
    io.out(`added ${created.member.email} (${created.member.role}), id ${created.member.id}`);
    if (created.temporaryPassword) io.out(`temporary password (shown once): ${created.temporaryPassword}`);
    io.out('at the first sign-in (/operator) they set up an authenticator app');
    return 0;
  } catch (error) {
    const e = error as { message: string; text?: { key: string }; fields?: Record<string, Array<{ key: string }>> };
    const fields = Object.entries(e.fields ?? {}).map(([field, texts]) => `--${field}: ${texts.map((x) => x.key).join(', ')}`);
    return fail(io, fields.length ? fields.join('; ') : (e.text?.key ?? e.message));
  } finally {
    await close();
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

function fail(io: CliIo, message: string): number {
  io.out(`error: ${message}`);
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const database = async () => {
    const { loadConfig } = await import('../config.ts');
    const { openDatabase } = await import('../db/client.ts');
    const { migrate } = await import('../db/migrate.ts');
    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await migrate(db);
    return { database: db, now: () => new Date(), close: () => db.close() };
  };
  const code = await runOperatorCli(process.argv.slice(2), { fetch, env: process.env, out: (line) => console.log(line), database });
  process.exit(code);
}
