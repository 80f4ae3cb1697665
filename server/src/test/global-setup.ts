import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_ENV, createPgTemplate, dropPgDatabase, writePgliteTemplate } from './harness.ts';

/**
 * Once per run of a server project: migrates the template its tests' databases start from (a PGlite data
 * directory dump, or a PostgreSQL template database) and names it in the environment the test files inherit,
 * so the migrations run once instead of once per test file. Removed at the end of the run.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'pg') {
    const name = await createPgTemplate();
    process.env[TEMPLATE_ENV.pg] = name;
    return async () => {
      delete process.env[TEMPLATE_ENV.pg];
      await dropPgDatabase(name);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pc-pglite-template-'));
  const path = join(dir, 'template.tar');
  await writePgliteTemplate(path);
  process.env[TEMPLATE_ENV.pglite] = path;
  return () => {
    delete process.env[TEMPLATE_ENV.pglite];
    rmSync(dir, { recursive: true, force: true });
  };
}
