import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ command }) => ({
  root: webRoot,
  base: '/',
  plugins: [react()],
  resolve: {
    // React Router's package points every bundler at its development build (dev warnings included);
    // production builds take the production one it ships next to it.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }] : [],
  },
  server: {
    // The locale files live next to the workspaces, one level above web/.
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts follows the manifest to measure what each route loads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
}));
