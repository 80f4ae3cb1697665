import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { buildApp } from './app.ts';
import { systemClock, type AppContext } from './context.ts';
import { startBackground } from './background.ts';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const applied = await migrate(database);
const ctx: AppContext = {
  config,
  database,
  clock: systemClock,
  mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
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

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await background.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
