import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { Panel } from '../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../lib/http.ts';
import { href } from '../../../lib/routes.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useOnce } from '../../../lib/use-once.ts';

type LinkState = 'pending' | 'success' | 'invalid' | 'failed';

/**
 * The link e-mailed to a new address (docs/product.md#token-links): it posts the token once and shows the change
 * in progress, done, or the link invalid or expired (with the server's message when it sent one).
 */
export default function ConfirmEmailChangePage() {
  const { t } = useTranslation('settings');
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  const [state, setState] = useState<LinkState>('pending');
  const [message, setMessage] = useState('');

  const send = () => {
    setState('pending');
    confirm.mutateAsync(token).then(
      (answer) => {
        setMessage(answer?.message || t('confirmEmail.success'));
        setState('success');
      },
      (error: unknown) => {
        // A refusal is the link's fault (used, expired, unknown); a failure of the server or the network is not.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setMessage(error.serverMessage || Object.values(error.errors).flat()[0] || t('confirmEmail.invalid'));
          setState('invalid');
        } else {
          setMessage(t('confirmEmail.failed'));
          setState('failed');
        }
      },
    );
  };
  useOnce(send);

  return (
    <PageLayout title={t('confirmEmail.title')}>
      <Panel>
        <Box
          sx={{ textAlign: 'center', py: { xs: 2, sm: 4 }, maxWidth: 520, mx: 'auto' }}
          role="status"
          aria-live="polite"
          data-state={state}
          data-testid="confirm-email-status"
        >
          <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center', minHeight: 56 }}>
            {state === 'pending' ? <CircularProgress size={48} aria-label={t('confirmEmail.pending')} /> : null}
            {state === 'success' ? <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} /> : null}
            {state === 'invalid' || state === 'failed' ? <LinkOffOutlined color="error" sx={{ fontSize: 56 }} /> : null}
          </Box>
          <Typography sx={{ mb: 3 }}>{state === 'pending' ? t('confirmEmail.pending') : message}</Typography>
          {state === 'failed' ? (
            <Button variant="contained" onClick={send} sx={{ marginInlineEnd: 1 }}>
              {t('confirmEmail.retry')}
            </Button>
          ) : null}
          {state === 'pending' ? null : (
            <Button
              component={RouterLink}
              to={href('settings')}
              variant={state === 'failed' ? 'outlined' : 'contained'}
              data-testid="to-settings"
            >
              {t('confirmEmail.toSettings')}
            </Button>
          )}
        </Box>
      </Panel>
    </PageLayout>
  );
}
