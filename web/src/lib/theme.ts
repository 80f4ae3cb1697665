import { createTheme, type Theme } from '@mui/material/styles';

/** The theme (docs/product.md#theme): light, primary blue, secondary #304156, dark drawer #242939, background #f2f3f8. */
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

export function createAppTheme(direction: 'ltr' | 'rtl'): Theme {
  return createTheme({
    direction,
    // The breakpoints xs 600, sm 960, md 1280, lg 1920 are the upper edges of each size class;
    // MUI counts from the lower edge, so the same classes start at 0, 600, 960, 1280 and 1920.
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    palette: {
      mode: 'light',
      primary: { main: COLORS.primary, contrastText: '#fff' },
      secondary: { main: COLORS.secondary, contrastText: '#fff' },
      dark: { main: COLORS.dark, contrastText: '#fff' },
      background: { default: COLORS.background, paper: '#ffffff' },
      text: { primary: '#1f2433', secondary: '#5d6478' },
      divider: 'rgba(36, 41, 57, 0.10)',
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
        styleOverrides: { root: { backgroundColor: '#fff', borderBottom: '1px solid rgba(36, 41, 57, 0.08)' } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid rgba(36, 41, 57, 0.08)', boxShadow: '0 1px 3px rgba(36, 41, 57, 0.06)' } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      // MUI's default (the "active" grey, 54% black) reads below 4.5:1 on white: the secondary text colour instead.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
    },
  });
}
