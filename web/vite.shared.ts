import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * `flag-svg/XX.svg` is country-flag-icons' 3:2 SVG of country XX: the package does not export its SVG
 * files, and the app loads them as images (`?no-inline`), not as JavaScript.
 */
export const flagAlias = { find: /^flag-svg\//, replacement: `${join(packageDir('country-flag-icons'), '3x2')}/` };

/** React Router's production bundle (its package points every bundler at the development one). */
export const reactRouterProductionAlias = {
  find: /^react-router$/,
  replacement: join(packageDir('react-router'), 'dist/production/index.mjs'),
};
