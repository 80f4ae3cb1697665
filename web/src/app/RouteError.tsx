import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storage, type ChunkErrorTexts } from '../lib/storage.ts';
import { isChunkLoadError } from './lazy.ts';


/**
 * The chunk error page must read well when the locale chunk itself did not arrive. Its texts come from, in
 * order: the language's loaded common namespace; the copy kept in the browser the last time that namespace
 * arrived (lib/i18n remembers it); English, compiled into the entry (only the `chunkError` and `reload` keys
 * of locales/en/common.json, a few hundred bytes instead of nine languages on every first load).
 */
const englishTitle = import.meta.glob<{ title: string; message: string }>('../../../locales/en/common.json', {
  eager: true,
  query: '?chunk-error&lang.json',
  import: 'chunkError',
});
const englishReload = import.meta.glob<string>('../../../locales/en/common.json', { eager: true, query: '?chunk-error&lang.json', import: 'reload' });
const ENGLISH: ChunkErrorTexts = { ...Object.values(englishTitle)[0]!, reload: Object.values(englishReload)[0]! };

/** The chunk error page's title, message and button in a language, without a request. */
export function chunkErrorTexts(lang: string | undefined, i18n?: I18nLike): ChunkErrorTexts {
  if (lang && i18n?.hasResourceBundle(lang, 'common')) {
    const title = i18n.getResource(lang, 'common', 'chunkError.title');
    const message = i18n.getResource(lang, 'common', 'chunkError.message');
    const reload = i18n.getResource(lang, 'common', 'reload');
    if (typeof title === 'string' && typeof message === 'string' && typeof reload === 'string') return { title, message, reload };
  }
  return (lang && storage.chunkErrorTexts(lang)) || ENGLISH;
}

interface I18nLike {
  hasResourceBundle(lang: string, ns: string): boolean;
  getResource(lang: string, ns: string, key: string): unknown;
}

/** A page that could not be shown: a chunk that failed to load (with reload), or an unexpected error. */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  // A failed chunk may be the language's own texts: this page does not depend on them.
  const offline = chunkErrorTexts(i18n.language, i18n);
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
