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
    // A worker's test files share the modules it has loaded: importing the server takes seconds, paid once per worker
    // instead of once per file. Each test still has a database of its own, and what the server keeps in memory is
    // kept per database or per app, or is the same for every test (decision 0210).
    isolate: false,
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
      // The browser journeys run last, on a machine the other suites no longer load, two at a time: a journey spends
      // much of its time waiting on its browser or its server, so two keep both cores busy (decision 0210). Each
      // starts its server's database from the run's migrated template, as the API tests do.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts', 'e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A figure polled on a page (expect.poll) may take a few seconds to show on a slow machine; the poll ends
          // as soon as it matches.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
