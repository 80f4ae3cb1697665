import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './lazy.ts';

/** A page that could not be shown: a chunk that failed to load (with reload), or an unexpected error. */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
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
          {chunk ? t('chunkError.title') : t('pageError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chunk ? t('chunkError.message') : t('pageError.message')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('reload')}
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
