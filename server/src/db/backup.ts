import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import type { Database } from './client.ts';

/**
 * Backup and restore of the embedded database (docs/backup.md): PGlite's data directory as one gzipped tarball,
 * taken from a consistent snapshot of the running instance. PostgreSQL is backed up with its own tools.
 */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  if (!database.embedded) throw new Error('only the embedded database is archived this way; use pg_dump for PostgreSQL');
  return database.embedded.dumpDataDir('gzip');
}

const USAGE = `Backup and restore of the embedded database (DATA_DIR/pglite), with the server stopped:
  npm run backup -- --out backup.tar.gz      writes the archive
  npm run backup -- --restore backup.tar.gz  makes DATA_DIR/pglite from an archive (refused if it exists)
PostgreSQL (DATABASE_URL): pg_dump and pg_restore, see docs/backup.md.`;

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, restore: { type: 'string' }, help: { type: 'boolean' } } });
  const config = loadConfig();
  const dir = join(resolve(config.DATA_DIR), 'pglite');
  if (values.help || (!values.out && !values.restore)) return void console.log(USAGE);
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/backup.md)');
  if (values.out) {
    if (!existsSync(dir)) throw new Error(`no embedded database in ${dir}`);
    const db = await PGlite.create(dir);
    const archive = await db.dumpDataDir('gzip');
    await db.close();
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileSync(values.out, Buffer.from(await archive.arrayBuffer()));
    console.log(`wrote ${values.out} (${archive.size} bytes) from ${dir}`);
  }
  if (values.restore) {
    if (existsSync(dir)) throw new Error(`${dir} exists: move it away first`);
    mkdirSync(dir, { recursive: true });
    const db = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(values.restore)]) });
    await db.close();
    console.log(`restored ${values.restore} into ${dir}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
