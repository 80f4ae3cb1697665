import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { flagAlias, reactRouterProductionAlias } from './vite.shared.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The MUI modules the sign-in page renders, by package and folder (or file, where a folder holds more). */
const SIGN_IN_MUI: Record<string, string[]> = {
  material: [
    'Alert', 'Box', 'Button', 'ButtonBase', 'ButtonGroup/ButtonGroupContext', 'ButtonGroup/ButtonGroupButtonContext',
    'CircularProgress', 'colors', 'CssBaseline', 'DefaultPropsProvider', 'FormControl', 'FormHelperText', 'FormLabel',
    'GlobalStyles', 'IconButton', 'InitColorSchemeScript', 'InputAdornment', 'InputBase', 'InputLabel', 'Link',
    'OutlinedInput', 'Paper', 'Select/selectClasses', 'Stack', 'styles', 'SvgIcon', 'TextareaAutosize', 'transitions',
    'Typography', 'useLazyRipple', 'utils', 'zero-styled', 'internal/svg-icons/SuccessOutlined',
    'internal/svg-icons/ReportProblemOutlined', 'internal/svg-icons/ErrorOutline', 'internal/svg-icons/InfoOutlined',
    'internal/svg-icons/Close',
    // Class name tables the theme's overrides name, and what the guest pages' fields and notices use.
    'AccordionSummary/accordionSummaryClasses', 'Autocomplete/autocompleteClasses', 'Checkbox/checkboxClasses',
    'FilledInput/filledInputClasses', 'FormControlLabel/formControlLabelClasses', 'Input/inputClasses',
    'ListItemButton/listItemButtonClasses', 'MenuItem/menuItemClasses', 'NativeSelect/nativeSelectClasses',
    'Radio/radioClasses', 'ToggleButton/toggleButtonClasses',
  ],
  'icons-material': [
    'CloudOffOutlined', 'ExpandMore', 'InsightsOutlined', 'KeyOutlined', 'PaymentsOutlined', 'ReportProblemOutlined',
    'TranslateOutlined', 'VisibilityOffOutlined', 'VisibilityOutlined',
  ],
  system: [
    'borders', 'breakpoints', 'colorManipulator', 'compose', 'createBox', 'createBreakpoints', 'createStyled', 'createTheme',
    'cssContainerQueries', 'cssGrid', 'cssVars', 'DefaultPropsProvider', 'GlobalStyles', 'InitColorSchemeScript',
    'memoTheme', 'palette', 'preprocessStyles', 'RtlProvider', 'sizing', 'spacing', 'Stack', 'style', 'styled',
    'styleFunctionSx', 'ThemeProvider', 'useTheme', 'useThemeProps', 'useThemeWithoutDefault', 'useMediaQuery',
  ],
  utils: [
    'appendOwnerState', 'capitalize', 'clamp', 'ClassNameGenerator', 'composeClasses', 'debounce', 'deepmerge',
    'extractEventHandlers', 'fastDeepAssign', 'formatMuiErrorMessage', 'generateUtilityClass', 'generateUtilityClasses',
    'getActiveElement', 'isEventHandler', 'isFocusVisible', 'isHostComponent', 'isMuiElement', 'isObjectEmpty',
    'mergeSlotProps', 'omitEventHandlers', 'ownerDocument', 'ownerWindow', 'resolveComponentProps', 'resolveProps',
    'useEnhancedEffect', 'useEventCallback', 'useForkRef', 'useId', 'useLazyRef', 'useOnMount', 'useTimeout', 'setRef',
  ],
  'styled-engine': [''],
  'private-theming': [''],
};
const signInMuiPattern = new RegExp(
  `node_modules/@mui/(${Object.entries(SIGN_IN_MUI)
    .map(([pkg, parts]) => `${pkg}/(?:esm/)?(?:${parts.join('|')})`)
    .join('|')})(?:[/.]|$)|node_modules/(clsx|react-is|use-sync-external-store)/`,
);
function isSignInMui(id: string): boolean {
  return signInMuiPattern.test(id.replaceAll('\\', '/'));
}

/**
 * The rest of MUI that the signed-in screens and the console use, in one chunk: left to the automatic splitting it
 * scatters into some fifty small chunks per screen, each a request of its own on a phone's slow network, and
 * compressed apart they weigh more (decision 0220). What the guest pages need is in mui-core (its group comes
 * first), so a guest page does not load this one; bench:size's sign-in budget holds it.
 */
function isScreensMui(id: string): boolean {
  return /node_modules\/@mui\/(material|system|utils|icons-material)\//.test(id.replaceAll('\\', '/'));
}

/** The build's files worth compressing: text. Images and fonts other than SVG are compressed in their own format. */
const TEXT_FILE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|ico|map)$/;

/**
 * The dev server's answer for the operator console's pages: /operator and /operator/... (but not its API under
 * /operator/v1, which goes to the server) get operator.html, as the server does in production (app.ts).
 */
const consolePages: Plugin = {
  name: 'operator-console-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if (/^\/operator(\/|$)/.test(path) && !/^\/operator\/v1(\/|$)/.test(path)) request.url = '/operator.html';
      next();
    });
  },
};

export default defineConfig(({ command }) => ({
  root: webRoot,
  base: '/',
  plugins: [
    react(),
    consolePages,
    // Brotli and gzip siblings (name.br, name.gz) of every text file of the build, at the best ratio each can
    // reach: made once here, the server sends them as they are to a browser that accepts them (server/src/delivery.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      include: TEXT_FILE,
      // The build's manifest is read by bench:size, never served.
      exclude: /(^|\/)\.vite\//,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: command === 'build' ? [flagAlias, reactRouterProductionAlias] : [flagAlias],
  },
  server: {
    // The locale files live next to the workspaces, one level above web/.
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/operator/v1': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts follows the manifest to measure what each route loads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Two pages, one build: the partner app and the operator console (decision 0161). They share the framework
      // and MUI chunks; nothing of the partner app imports the console (eslint's boundary rule, bench:size).
      input: { index: join(webRoot, 'index.html'), operator: join(webRoot, 'operator.html') },
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
              // MUI's styling engine and the components the sign-in page renders, in one chunk: split into the
              // thirty pieces the default chunking makes, each compressed alone, they weigh several KB more
              // (gzip cannot share a dictionary across files). Every screen uses them too. Only what sign-in
              // renders belongs here: the rest of MUI would make its first load heavier.
              name: 'mui-core',
              test: isSignInMui,
              priority: 15,
            },
            {
              name: 'mui-screens',
              test: isScreensMui,
              priority: 12,
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
