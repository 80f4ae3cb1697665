import { defineConfig } from 'vitest/config';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const server = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['server/src/**/*.test.ts', 'simulator/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'server/src/**/*.standalone.test.ts'],
    environment: 'node',
    env,
    setupFiles: ['server/src/test/setup.ts'],
    globalSetup: ['server/src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Under CI a JSON report is written too; .ci/run prints its totals as the closing line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest-results.json' },
    // The API tests spend most of their time waiting on the database (one worker kept a 2-core machine half idle),
    // so more files run at once than there are cores.
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      server('server-pglite', { TEST_DB: 'pglite' }),
      // The same API suite on a real PostgreSQL when one is given.
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', { TEST_DB: 'pg' })] : []),
      // Tests that run the server as processes on databases and peers of their own (a PostgreSQL they stop and
      // start, an SMTP peer they stop): once per run, whatever TEST_DB is, one file at a time.
      {
        test: {
          name: 'standalone',
          include: ['server/src/**/*.standalone.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      ...(existsSync('web/vitest.config.ts') ? ['./web/vitest.config.ts'] : []),
      // The browser journeys run last and one at a time, on a machine the other suites no longer load.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
