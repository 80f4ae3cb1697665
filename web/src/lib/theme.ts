import { createTheme, type Theme } from '@mui/material/styles';

/**
 * The theme (docs/product.md#theme): primary blue, secondary #304156, dark drawer #242939, background #f2f3f8; and its
 * dark counterpart (decision 0192), whose colours keep WCAG AA contrast on its own surfaces.
 */
export const COLORS = {
  primary: '#1976d2',
  secondary: '#304156',
  dark: '#242939',
  background: '#f2f3f8',
} as const;

export const DRAWER_WIDTH = 264;

const FONT_STACK = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Noto Sans CJK JP"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

declare module '@mui/material/styles' {
  interface Palette {
    dark: Palette['primary'];
  }
  interface PaletteOptions {
    dark?: PaletteOptions['primary'];
  }
}

/** The dark scheme's surfaces and text: blue-grey like the light one's drawer, text contrast above 7:1 on paper. */
const DARK = {
  background: '#12151d',
  paper: '#1b1f2a',
  drawer: '#0d1017',
  text: '#e7e9f0',
  textSecondary: '#a9b0c3',
  primary: '#7ab8f5',
  secondary: '#8fa3bf',
} as const;

export function createAppTheme(direction: 'ltr' | 'rtl', mode: 'light' | 'dark' = 'light'): Theme {
  const dark = mode === 'dark';
  const edge = dark ? 'rgba(231, 233, 240, 0.12)' : 'rgba(36, 41, 57, 0.08)';
  return createTheme({
    direction,
    // The breakpoints xs 600, sm 960, md 1280, lg 1920 are the upper edges of each size class;
    // MUI counts from the lower edge, so the same classes start at 0, 600, 960, 1280 and 1920.
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    palette: dark
      ? {
          mode: 'dark',
          primary: { main: DARK.primary, contrastText: '#0d1017' },
          secondary: { main: DARK.secondary, contrastText: '#0d1017' },
          dark: { main: DARK.drawer, contrastText: '#fff' },
          // MUI's dark error red reads at about 4:1 on this paper; a lighter red keeps outlined buttons and texts AA.
          error: { main: '#f28b82', contrastText: '#0d1017' },
          background: { default: DARK.background, paper: DARK.paper },
          text: { primary: DARK.text, secondary: DARK.textSecondary },
          divider: 'rgba(231, 233, 240, 0.14)',
        }
      : {
          mode: 'light',
          primary: { main: COLORS.primary, contrastText: '#fff' },
          secondary: { main: COLORS.secondary, contrastText: '#fff' },
          dark: { main: COLORS.dark, contrastText: '#fff' },
          background: { default: COLORS.background, paper: '#ffffff' },
          text: { primary: '#1f2433', secondary: '#5d6478' },
          divider: 'rgba(36, 41, 57, 0.10)',
          // MUI's dark orange (#e65100) reads at 3.8:1 on white; this one at 5:1, for text in the warning colour.
          warning: { main: '#ed6c02', dark: '#b45309' },
          // MUI's light blue (#0288d1) under white text reads at 3.9:1 (a filled info chip); one shade darker, 4.8:1.
          info: { main: '#0277bd' },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      h4: { fontSize: '1.125rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: { root: { backgroundColor: dark ? DARK.paper : '#fff', backgroundImage: 'none', borderBottom: `1px solid ${edge}` } },
      },
      // The dark scheme's elevation overlay would tint each raised surface differently; one paper colour reads calmer.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' }, rounded: { borderRadius: 12 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: `1px solid ${edge}`, boxShadow: dark ? 'none' : '0 1px 3px rgba(36, 41, 57, 0.06)' } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      // An outlined chip writes its label in its colour's main shade, which for warning and info reads at 3.1 and
      // 3.9:1 on white: the light scheme writes it in the darker shade (all of them 4.5:1 or more).
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            !dark && ownerState.variant === 'outlined' && ownerState.color && ownerState.color !== 'default'
              ? { color: theme.palette[ownerState.color].dark }
              : {},
        },
      },
      // MUI's default (the "active" grey, 54% black) reads below 4.5:1 on white: the secondary text colour instead.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
    },
  });
}
