import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isDatabaseUnavailable } from './db/outage.ts';
import { createMailer } from './mail/mailer.ts';
import { buildApp } from './app.ts';
import { systemClock, type AppContext } from './context.ts';
import { startBackground } from './background.ts';
import { serveMetrics } from './lib/metrics-server.ts';

/**
 * Migrates once the database answers: a process started while PostgreSQL is away (a deployment during maintenance,
 * a supervisor restarting it) waits for it, saying so once, instead of exiting into a crash loop.
 */
async function migrateWhenReachable(db: Database): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await migrate(db);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (attempt === 0) console.error(`  The database cannot be reached (${(error as Error).message}); waiting for it.`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 500 * 2 ** attempt)));
    }
  }
}

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  timeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
});
const applied = await migrateWhenReachable(database);
// Partners' figure reads on a streaming replica (decision 0175).
const readDatabase = config.DATABASE_READ_URL
  ? await openDatabase({
      databaseUrl: config.DATABASE_READ_URL,
      dataDir: config.DATA_DIR,
      timeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
    })
  : undefined;
const ctx: AppContext = {
  config,
  database,
  ...(readDatabase ? { readDatabase } : {}),
  clock: systemClock,
  mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, clock: systemClock, leaseSeconds: config.MAIL_SEND_LEASE_SECONDS }),
};
const app = await buildApp(ctx);
if (applied.length) app.log.info({ applied }, 'migrations applied');

await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
// PUBLIC_URL unset follows PORT (config.ts); with PORT=0 the port is only known now. Mailed links and the
// dev mailbox address below read it from here.
if (!process.env.PUBLIC_URL) config.PUBLIC_URL = url;
const background = await startBackground(app);
const lines = [
  '',
  `  Partner Cabinet is serving at ${url}  (ready in ${Math.round(performance.now() - startedAt)} ms)`,
  ...(config.PUBLIC_URL.replace(/\/$/, '') !== url ? [`  Public address (PUBLIC_URL): ${config.PUBLIC_URL}`] : []),
  `  Database: ${database.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`}`,
  ...background.banner,
  '',
];
console.log(lines.join('\n'));

// Prometheus' scrape on a port of its own, without a token (decision 0173); usually reachable only inside the cluster.
const metricsServer = config.METRICS_PORT ? await serveMetrics(config.METRICS_PORT, config.METRICS_HOST) : null;

/**
 * Graceful shutdown (decision 0173): readiness turns false first and stays so for SHUTDOWN_DELAY_MS, so a balancer
 * stops sending; then the server stops taking connections and finishes the requests in flight (an ingest batch is
 * stored and answered, or was never begun), the scheduled jobs end their turn, and the pool closes.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.draining = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_DELAY_MS + 30_000);
  force.unref();
  try {
    if (config.SHUTDOWN_DELAY_MS) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    await app.close();
    await background.stop();
    metricsServer?.close();
    await readDatabase?.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
