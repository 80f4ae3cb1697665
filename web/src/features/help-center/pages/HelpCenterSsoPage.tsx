import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../lib/http.ts';
import { href } from '../../../lib/routes.ts';
import { useHelpCenterSso } from '../api/get-sso.ts';

/** The assignment is a seam for tests (jsdom cannot navigate away). */
export const helpCenterNavigation = { assign: (url: string) => window.location.assign(url) };

/**
 * The help centre's single sign-on (docs/product.md#help-and-faq): asks the server for the help centre's address with a signed,
 * expiring token and goes there. When no help centre is configured the server's 404 says so, with the FAQ instead.
 */
export default function HelpCenterSsoPage() {
  const { t } = useTranslation('faq');
  const sso = useHelpCenterSso();
  const sent = useRef(false);

  useEffect(() => {
    if (!sso.data || sent.current) return;
    sent.current = true;
    helpCenterNavigation.assign(sso.data.url);
  }, [sso.data]);

  return (
    <PageLayout>
      <Paper
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
        data-testid="help-center-sso"
        data-state={sso.isError ? 'error' : 'pending'}
      >
        {sso.isError ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
            {isApiError(sso.error) && sso.error.status === 404 ? (
              // No help centre is configured: the server's message says so.
              <Alert severity="info" data-testid="help-center-off">
                {sso.error.serverMessage || t('helpCenter.off')}
              </Alert>
            ) : (
              <ErrorState error={sso.error} />
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button component={RouterLink} to={href('faq')} variant="contained">
                {t('helpCenter.openFaq')}
              </Button>
              <Button onClick={() => void sso.refetch()}>{t('kit:error.retry')}</Button>
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center' }} role="status" aria-live="polite">
            <CircularProgress aria-hidden />
            <Typography>{t('helpCenter.opening')}</Typography>
          </Box>
        )}
      </Paper>
    </PageLayout>
  );
}
