import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { flagAlias, reactRouterProductionAlias } from './vite.shared.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => ({
  root: webRoot,
  base: '/',
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [flagAlias, reactRouterProductionAlias] : [flagAlias],
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
