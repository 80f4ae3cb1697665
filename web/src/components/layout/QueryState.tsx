import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/http.ts';

/** A skeleton's height: one, or one per screen size where what it stands for takes another height (a grid that wraps). */
export type BlockHeight = number | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/**
 * One pattern for the three states every block of figures has: loading (a skeleton of the block's shape),
 * empty (says what would be here and why it is not), error (says so, with a retry).
 */
export function LoadingBlock({ height = 120, label }: { height?: BlockHeight; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Box role="progressbar" aria-label={label ?? t('loading')} aria-busy="true" data-testid="loading">
      <Skeleton variant="rounded" sx={{ height }} />
    </Box>
  );
}

export function EmptyState({
  title,
  message,
  action,
}: {
  title: string;
  message?: string;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="empty">
      <InboxOutlined sx={{ fontSize: 40, opacity: 0.5 }} aria-hidden />
      <Typography sx={{ fontWeight: 600, color: 'text.primary', mt: 1 }}>{title}</Typography>
      {message ? (
        <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 480, mx: 'auto' }}>
          {message}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Box>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('kit');
  // The server's message is localized and safe to show (it never carries internals); otherwise a generic text.
  const message =
    isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : t('error.message');
  return (
    <Alert
      severity="error"
      data-testid="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('error.retry')}
          </Button>
        ) : undefined
      }
    >
      {t('error.title')} {message}
    </Alert>
  );
}

/** A read's error in place of nothing else: shown only while the query has failed (the block keeps its last figures). */
export function QueryError({ query }: { query: Pick<QueryLike<unknown>, 'isError' | 'error' | 'refetch'> }) {
  return query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null;
}

/** The heading of a block of a page ("Today", "By month"). */
export function SectionTitle({ children, first = false }: { children: ReactNode; first?: boolean }) {
  return (
    <Typography
      variant="h2"
      component="h2"
      sx={{ fontSize: 17, fontWeight: 600, mt: first ? 0 : 4, mb: 1.5 }}
    >
      {children}
    </Typography>
  );
}

export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Renders a query's block: its skeleton while pending, the error with a retry, or the content. */
export function QueryBlock<T>({
  query,
  children,
  height,
  isEmpty,
  empty,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  height?: BlockHeight;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}) {
  if (query.isPending) return <LoadingBlock height={height} />;
  if (query.isError || query.data === undefined)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data) && empty) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** A titled card: the frame of every block on a screen. */
export function Panel({
  title,
  action,
  children,
  id,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={id && title ? `${id}-title` : undefined}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      id={id}
    >
      {title || action ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 2,
            flexWrap: 'wrap',
          }}
        >
          {title ? (
            <Typography
              variant="h3"
              component="h2"
              id={id ? `${id}-title` : undefined}
              sx={{ fontSize: 17, fontWeight: 600, flex: '1 1 auto' }}
            >
              {title}
            </Typography>
          ) : (
            <span />
          )}
          {action ? <Box sx={{ flex: '0 0 auto', maxWidth: '100%' }}>{action}</Box> : null}
        </Box>
      ) : null}
      {children}
    </Paper>
  );
}
