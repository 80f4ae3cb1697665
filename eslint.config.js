// One lint setup for every package. Type-aware rules are left out to keep lint fast on two cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { dirname, relative, resolve, sep } from 'node:path';

const WEB_SRC = resolve(import.meta.dirname, 'web/src');
const SERVER_SRC = resolve(import.meta.dirname, 'server/src');

/**
 * The web app's boundaries (docs/architecture.md#boundaries): a feature imports no other feature and nothing of app/;
 * features meet in app/. Shared code lives in components/ and lib/, which import no feature either.
 * The operator console (web/src/operator) follows the same rules inside its own folder and is kept apart from
 * the partner app in both directions. Tests may render the whole app, so *.test.* files are exempt.
 */
const boundaries = {
  rules: {
    'feature-imports': {
      meta: { type: 'problem', schema: [], messages: { crossing: '{{from}} may not import {{to}}: {{why}}' } },
      create(context) {
        const file = context.filename;
        const fromPart = relative(WEB_SRC, file).split(sep);
        if (fromPart[0] === '..' || /\.test\.tsx?$/.test(file)) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const toPart = relative(WEB_SRC, resolve(dirname(file), source)).split(sep);
          const report = (why) => context.report({ node, messageId: 'crossing', data: { from: fromPart.slice(0, fromPart[0] === 'operator' ? 3 : 2).join('/'), to: toPart.join('/'), why } });
          // The operator console (web/src/operator) is a bundle of its own: nothing of the partner app may pull it in,
          // and it takes from the partner app only the shared kit (components/, lib/) (decision 0161).
          if (fromPart[0] !== 'operator' && toPart[0] === 'operator') {
            report('the partner app never imports the operator console');
            return;
          }
          if (fromPart[0] === 'operator') {
            if (toPart[0] === 'app' || toPart[0] === 'features') report('the console takes only components/ and lib/ from the partner app');
            else if (fromPart[1] === 'features' && toPart[0] === 'operator') {
              if (toPart[1] === 'app') report('console features do not import the console app (move what they need to operator/lib/)');
              else if (toPart[1] === 'features' && toPart[2] !== fromPart[2]) report('console features do not import each other');
            }
            return;
          }
          if (fromPart[0] === 'features') {
            if (toPart[0] === 'app') report('features do not import app/ (move what they need to lib/)');
            else if (toPart[0] === 'features' && toPart[1] !== fromPart[1]) report('features do not import each other');
          } else if (fromPart[0] === 'components' || fromPart[0] === 'lib') {
            if (toPart[0] === 'app' || toPart[0] === 'features') report('shared code imports no feature and nothing of app/');
          }
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

/**
 * The server's layers (docs/architecture.md#boundaries): a partner module (server/src/modules/<name>) imports no other
 * module (modules/index.ts registers them all); what several modules and the operator side share lives in plumbing/
 * (sessions, tokens, security checks, captcha, second factors, rate limits, the read cache), which imports no module;
 * lib/ and db/ are the floor and import neither. Tests are exempt (they may drive several modules at once).
 */
const serverLayers = {
  rules: {
    'layer-imports': {
      meta: { type: 'problem', schema: [], messages: { crossing: '{{from}} may not import {{to}}: {{why}}' } },
      create(context) {
        const file = context.filename;
        const fromPart = relative(SERVER_SRC, file).split(sep);
        if (fromPart[0] === '..' || /\.test\.ts$/.test(file) || /(^|\/)testing\.ts$/.test(file)) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const toPart = relative(SERVER_SRC, resolve(dirname(file), source)).split(sep);
          const report = (why) => context.report({ node, messageId: 'crossing', data: { from: fromPart.slice(0, 2).join('/'), to: toPart.join('/'), why } });
          const above = ['modules', 'operator', 'jobs', 'webmaster', 'ingest', 'app', 'app.ts', 'main.ts', 'background.ts'];
          if (fromPart[0] === 'modules' && fromPart.length > 2 && toPart[0] === 'modules' && toPart[1] !== fromPart[1])
            report('partner modules do not import each other (move what they share to plumbing/)');
          else if ((fromPart[0] === 'lib' || fromPart[0] === 'db') && (toPart[0] === 'plumbing' || above.includes(toPart[0])))
            report('lib/ and db/ are the floor: they import no module, plumbing or composition');
          else if (fromPart[0] === 'plumbing' && above.includes(toPart[0]))
            report('plumbing/ is shared by the modules and the operator side: it imports none of them');
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.prerender/**', 'data/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-undef': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-imports': 'error' },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { serverLayers },
    rules: { 'serverLayers/layer-imports': 'error' },
  },
);
