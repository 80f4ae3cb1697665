import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { wrapPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createPartner } from '../money/testing.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { freePort, startServerProcess, stopProcess, type ServerProcess } from '../test/processes.ts';
import { headerOf, startSmtpPeer, type ReceivedMail, type SmtpPeer } from './testing.ts';

/**
 * The server is killed (SIGKILL) while the SMTP peer is taking a mail; after a restart the mail it held is taken
 * over once its lease has run out, and every mail arrives exactly once (decision 0170).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pc-mail-kill-'));
let server: ServerProcess | undefined;
let smtp: SmtpPeer | undefined;
afterAll(async () => {
  if (server) await stopProcess(server.proc, 'SIGKILL');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const OPERATOR = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice', 'content-type': 'application/json' };

it('delivers every mail once when the server is killed in the middle of sending one', async () => {
  const database = wrapPglite(await PGlite.create(join(dataDir, 'pglite')));
  await migrate(database);
  const requests: number[] = [];
  for (let i = 0; i < 4; i++) {
    const partner = await createPartner(database, { email: `p${i}@x.test` });
    const request = await database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: partner, amountMicro: 20_000_000, paymentDetails: `paypal: p${i}@x.test`, walletType: 'paypal', actor: 'partner' }, new Date()),
    );
    requests.push(request.id);
  }
  await database.close();

  // The peer takes the first mail; while the second one's data is in, the server is killed before the answer.
  const received: ReceivedMail[] = [];
  let offered = 0;
  let killed = false;
  smtp = await startSmtpPeer({
    received,
    beforeAccept: async () => {
      offered += 1;
      if (offered !== 2) return;
      killed = true;
      await stopProcess(server!.proc, 'SIGKILL');
      await new Promise(() => {}); // never answered: the sender is gone
    },
  });
  const port = await freePort();
  const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_SEND_LEASE_SECONDS: '1' };
  server = await startServerProcess(port, env);
  const reject = (id: number) =>
    fetch(`http://127.0.0.1:${port}/operator/v1/payouts/${id}/status`, { method: 'POST', headers: OPERATOR, body: JSON.stringify({ status: 'rejected', reason: 'wallet closed' }) });

  expect((await reject(requests[0]!)).status).toBe(200);
  await expect(reject(requests[1]!)).rejects.toThrow();
  expect(killed).toBe(true);
  expect(received).toHaveLength(1);

  // Restarted after the lease: the held mail is sent by the first turn of the scheduler; the rest as they come.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  server = await startServerProcess(port, env);
  for (const id of requests.slice(2)) expect((await reject(id)).status).toBe(200);
  const until = Date.now() + 30_000;
  while (received.length < 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));

  expect(received.map((m) => m.to[0]).sort()).toEqual(['p0@x.test', 'p1@x.test', 'p2@x.test', 'p3@x.test']);
  const ids = received.map((m) => headerOf(m.raw, 'message-id'));
  expect(new Set(ids).size).toBe(4);
  await stopProcess(server.proc, 'SIGTERM');
  const after = wrapPglite(await PGlite.create(join(dataDir, 'pglite')));
  try {
    const rows = await after.query<{ sent: boolean; attempts: number }>(sql`select sent_at is not null as sent, attempts from mail_outbox order by id`);
    expect(rows).toEqual([
      { sent: true, attempts: 1 },
      { sent: true, attempts: 2 },
      { sent: true, attempts: 1 },
      { sent: true, attempts: 1 },
    ]);
  } finally {
    await after.close();
  }
}, 180_000);
