import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { createPartner, ledgerRows } from '../money/testing.ts';
import { runOperatorCli } from './cli.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

/** Runs the CLI with its HTTP calls answered by the app in process. */
async function cli(args: string[], env: Record<string, string> = { OPERATOR_TOKEN: 'dev-operator-token-0000000000000000', OPERATOR_NAME: 'bob' }) {
  const lines: string[] = [];
  const fetchViaInject = (async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const res = await t.app.inject({
      method: init.method as 'GET' | 'POST',
      url: u.pathname + u.search,
      headers: init.headers as Record<string, string>,
      payload: init.body as string | undefined,
    });
    return new Response(res.body, { status: res.statusCode });
  }) as unknown as typeof fetch;
  const code = await runOperatorCli(args, { fetch: fetchViaInject, env, out: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

describe('operator CLI', () => {
  it('moves a payout request and adds additional income through the API', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await t.ctx.database.db.transaction((tx) => insertPayoutRequest(tx, { userId: p, amountMicro: 30_000_000, paymentDetails: 'x', actor: 'partner' }, t.clock.now()));
    expect((await cli(['review', String(r.id)])).code).toBe(0);
    const reject = await cli(['reject', String(r.id), '--reason', 'wrong wallet']);
    expect(reject.code).toBe(0);
    expect(JSON.parse(reject.output)).toMatchObject({ status: 'rejected', status_reason: 'wrong wallet' });
    const add = await cli(['additional', '--email', 'p@x.test', '--project', 'fd1', '--usd', '12.50', '--reason', 'contest']);
    expect(add.code, add.output).toBe(0);
    expect((await ledgerRows(t.ctx.database, p)).at(-1)).toMatchObject({ source: 'additional', amount_micro: 12_500_000 });
    const actions = JSON.parse((await cli(['actions'])).output).data;
    expect(actions.map((a: { operator: string; action: string }) => `${a.operator}:${a.action}`)).toEqual([
      'bob:additional_income.add',
      'bob:payout.status',
      'bob:payout.status',
    ]);
  });

  it('publishes news in several languages and reports API errors', async () => {
    const news = await cli(['news', '--title', 'Hello', '--body', 'World', '--text', 'de:Hallo:Welt: mit Doppelpunkt']);
    expect(news.code, news.output).toBe(0);
    expect(JSON.parse(news.output).langs).toEqual(['de', 'en']);
    const refused = await cli(['accept', '999']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not_found');
    expect((await cli(['payouts'], { OPERATOR_TOKEN: 'x' })).output).toContain('--as NAME');
    expect((await cli(['payouts'], { OPERATOR_NAME: 'bob' })).output).toContain('OPERATOR_TOKEN');
    expect((await cli(['frobnicate'])).code).toBe(2);
  });
});
