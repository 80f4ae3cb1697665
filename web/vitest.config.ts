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
    testTimeout: 20_000,
    css: false,
  },
});
