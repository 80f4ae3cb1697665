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
    rolldownOptions: {
      output: {
        // What every page runs at start, in one chunk each: left to the automatic splitting, the modules that the
        // sign-in page shares with the signed-in screens scatter into many small chunks, and each costs the
        // first load its own request and compression overhead (decision 0070).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|@emotion|stylis|hoist-non-react-statics)[\\/]/,
              priority: 20,
            },
            {
              name: 'start',
              test: /web[\\/]src[\\/]lib[\\/](i18n|session|routes|http|store|storage|route-context|rtl)\.ts$|core[\\/]src[\\/](locales|projects|contracts[\\/]auth-paths)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
