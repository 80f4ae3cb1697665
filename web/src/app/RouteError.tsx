import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG } from '@pc/core/locales';
import { isChunkLoadError } from './lazy.ts';

export interface ChunkErrorTexts {
  title: string;
  message: string;
  reload: string;
}

/**
 * The chunk error page's texts in every language, compiled into the entry: the page must read well when the
 * locale chunk itself did not arrive. Only the `chunkError` and `reload` keys of locales/<lang>/common.json
 * are taken, at build time (about 2 KB gzip for the nine languages). The query makes these imports modules of
 * their own (`lang.json` keeps them JSON), so the lazy locale chunks stay as they are.
 */
const chunkError = import.meta.glob<{ title: string; message: string }>('../../../locales/*/common.json', {
  eager: true,
  query: '?chunk-error&lang.json',
  import: 'chunkError',
});
const reload = import.meta.glob<string>('../../../locales/*/common.json', {
  eager: true,
  query: '?chunk-error&lang.json',
  import: 'reload',
});

/** The chunk error page's title, message and button in a language (English for an unknown one), without a request. */
export function chunkErrorTexts(lang: string | undefined): ChunkErrorTexts {
  const file = (code: string | undefined) => `../../../locales/${code}/common.json`;
  const known = chunkError[file(lang)] ? file(lang) : file(DEFAULT_LANG);
  return { ...chunkError[known]!, reload: reload[known]! };
}

/** A page that could not be shown: a chunk that failed to load (with reload), or an unexpected error. */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  // A failed chunk may be the language's own texts: this page does not depend on them.
  const offline = chunkErrorTexts(i18n.language);
  const Icon = chunk ? CloudOffOutlined : ReportProblemOutlined;
  return (
    <Box
      role="alert"
      data-testid={chunk ? 'chunk-error' : 'route-error'}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: 3, minHeight: fullPage ? '100vh' : '50vh' }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, textAlign: 'center' }}>
        <Icon color={chunk ? 'warning' : 'error'} sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h2" component="h1" gutterBottom>
          {chunk ? offline.title : t('pageError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chunk ? offline.message : t('pageError.message')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {chunk ? offline.reload : t('reload')}
        </Button>
      </Paper>
    </Box>
  );
}

interface BoundaryProps {
  fullPage: boolean;
  /** The error clears when this changes (the partner went elsewhere). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} fullPage={this.props.fullPage} /> : this.props.children;
  }
}

/** Catches what a route's element throws (a failed chunk included) and shows RouteError in its place. */
export function RouteBoundary({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary fullPage={fullPage} resetKey={location.pathname}>
      {children}
    </ErrorBoundary>
  );
}
