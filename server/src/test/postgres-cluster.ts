import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './processes.ts';

/**
 * A PostgreSQL server of a test's own (initdb and pg_ctl on a free port, as PostgreSQL's own test suites do), so
 * the test can stop and start it under a running cabinet. PostgreSQL refuses to run as root: as root, the data
 * directory belongs to the `postgres` user and the commands run as that user.
 */
export interface PostgresCluster {
  port: number;
  /** A connection string to `database` on this server (user postgres, trust). */
  url(database?: string): string;
  start(): void;
  /** Creates a database on the running server; answers its connection string. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once (fast shutdown: sessions are ended, as in a restart or failover). */
  stop(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when none is installed. */
export function postgresBinDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: look in Debian's place
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(debian, v, 'bin', 'initdb'))) return join(debian, v, 'bin');
  return null;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * A new server: initdb, or with `replicaOf` a streaming replica of that (running) server, copied with pg_basebackup
 * and configured to follow it (standby.signal and primary_conninfo).
 */
export async function createPostgresCluster(opts: { replicaOf?: PostgresCluster } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server programs (initdb, pg_ctl) are not installed');
  const root = mkdtempSync(join(tmpdir(), 'pc-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(root, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: root });
  };
  const port = await freePort();
  if (opts.replicaOf) {
    const from = opts.replicaOf.port;
    run('pg_basebackup', ['-D', dataDir, '-h', '127.0.0.1', '-p', String(from), '-U', 'postgres', '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
  } else {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  }
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', 'start']),
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not running
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
