import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { flagAlias } from './vite.shared.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  plugins: [react()],
  root: webRoot,
  resolve: { alias: [flagAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A component test walks a screen as a partner does, keystroke by keystroke; the longest take 15-20 s when CI
    // runs them beside the PostgreSQL suites on two cores, so the limit is the server suites' minute, not 20 s.
    testTimeout: 60_000,
    css: false,
  },
});
