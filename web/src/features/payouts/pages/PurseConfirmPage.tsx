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
import { useConfirmPurse } from '../api/confirm-purse.ts';
import { useOnce } from '../../../lib/use-once.ts';

type LinkState = 'pending' | 'success' | 'error';

/**
 * The wallet confirmation link (/purse/confirm/{code}): the code is sent once ("confirmation in progress"),
 * then "Payout details successfully verified" or "URL is invalid or expired", with the way back to payouts.
 */
export default function PurseConfirmPage() {
  const { t } = useTranslation('payouts');
  const { code = '' } = useParams();
  const confirm = useConfirmPurse();
  const [state, setState] = useState<LinkState>('pending');
  const [message, setMessage] = useState('');

  useOnce(() => {
    confirm.mutateAsync(code).then(
      (answer) => {
        setMessage(answer?.message || t('confirm.success'));
        setState('success');
      },
      (error: unknown) => {
        const server =
          isApiError(error) && error.status < 500 && error.status !== 0 ? error.serverMessage : '';
        setMessage(
          server ||
            (isApiError(error) && (error.status >= 500 || error.status === 0)
              ? t('confirm.tryLater')
              : t('confirm.invalid')),
        );
        setState('error');
      },
    );
  });

  return (
    <PageLayout>
      <Panel>
        <Box
          sx={{ textAlign: 'center', py: 3, maxWidth: 520, mx: 'auto' }}
          role="status"
          aria-live="polite"
          data-state={state}
          data-testid="purse-confirm-status"
        >
          <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center', minHeight: 56 }}>
            {state === 'pending' ? <CircularProgress size={48} aria-hidden /> : null}
            {state === 'success' ? (
              <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
            ) : null}
            {state === 'error' ? <LinkOffOutlined color="error" sx={{ fontSize: 56 }} aria-hidden /> : null}
          </Box>
          <Typography sx={{ mb: state === 'pending' ? 0 : 3 }}>
            {state === 'pending' ? t('confirm.pending') : message}
          </Typography>
          {state !== 'pending' ? (
            <Button
              component={RouterLink}
              to={href('payouts')}
              variant={state === 'success' ? 'contained' : 'outlined'}
            >
              {t('confirm.toPayouts')}
            </Button>
          ) : null}
        </Box>
      </Panel>
    </PageLayout>
  );
}
