import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { href } from '../../../lib/routes.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

type LinkState = 'confirm' | 'pending' | 'success' | 'error';

/**
 * The unsubscribe link of an alert mail (/alerts/unsubscribe/{token}), signed in or not. Opening it changes nothing:
 * mail scanners and link previews open links too, so the partner confirms with a button, and only that sends the
 * token (a POST; a mail client's own one-click unsubscribe posts it directly, RFC 8058). Then the server's
 * confirmation or why the link is refused, with the way to the settings (signed in) or to sign-in.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('alerts');
  const { token = '' } = useParams();
  const user = useCurrentUser();
  const call = useUnsubscribe();
  const [state, setState] = useState<LinkState>('confirm');
  const [message, setMessage] = useState('');

  const send = () => {
    setState('pending');
    call.mutateAsync(token).then(
      (answer) => {
        setMessage(answer?.message || t('page.done'));
        setState('success');
      },
      (error: unknown) => {
        const server = isApiError(error) && error.status > 0 && error.status < 500 ? error.serverMessage : '';
        setMessage(server || t('page.failed'));
        setState('error');
      },
    );
  };

  const retryable = state === 'error' && !(call.error && isApiError(call.error) && call.error.status === 422);
  return (
    <Paper sx={{ p: { xs: 3, sm: 4.5 }, boxShadow: '0 10px 40px rgba(36, 41, 57, 0.08)', border: '1px solid rgba(36,41,57,0.06)' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, mb: 3 }}>
        {t('page.title')}
      </Typography>
      <Box sx={{ textAlign: 'center', py: 2 }} role="status" aria-live="polite" data-state={state} data-testid="unsubscribe-status">
        <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center', minHeight: 56 }}>
          {state === 'confirm' ? <NotificationsOffOutlined color="action" sx={{ fontSize: 56 }} aria-hidden /> : null}
          {state === 'pending' ? <CircularProgress size={48} aria-hidden /> : null}
          {state === 'success' ? <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden /> : null}
          {state === 'error' ? <LinkOffOutlined color="error" sx={{ fontSize: 56 }} aria-hidden /> : null}
        </Box>
        <Typography sx={{ mb: state === 'pending' ? 0 : 3 }}>
          {state === 'confirm' ? t('page.confirm') : state === 'pending' ? t('page.working') : message}
        </Typography>
        {state === 'confirm' ? (
          <Button variant="contained" onClick={send} data-testid="unsubscribe-confirm">
            {t('page.confirmButton')}
          </Button>
        ) : null}
        {state === 'success' || state === 'error' ? (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {retryable ? (
              <Button variant="outlined" onClick={send}>
                {t('page.retry')}
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={user ? href('settings', undefined, 'settings-alerts') : href('login')}
              variant={state === 'success' ? 'contained' : 'outlined'}
            >
              {user ? t('page.toSettings') : t('page.toSignIn')}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
