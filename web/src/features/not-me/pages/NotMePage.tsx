import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotMeInfo } from '@pc/core/contracts/devices';
import { isApiError } from '../../../lib/http.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { href } from '../../../lib/routes.ts';
import { USER_QUERY_KEY } from '../../../lib/session.ts';
import { useConfirmNotMe } from '../api/confirm-not-me.ts';
import { useNotMe } from '../api/get-not-me.ts';

type Step = 'confirm' | 'pending' | 'success' | 'error';

/** The server's words for a refused link or call (4xx), else the page's own. */
const serverText = (error: unknown) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.serverMessage : '');

/**
 * The "this was not me" link of a new-device mail or an e-mail change notice (/not-me/{token}), signed in or not
 * (decision 0191). Opening it changes nothing (mail scanners open links too): the page says what happened and what
 * confirming does, and only the button sends the confirmation (a POST).
 */
export default function NotMePage() {
  const { t } = useTranslation('notme');
  const { token = '' } = useParams();
  const info = useNotMe(token);
  const confirm = useConfirmNotMe();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('confirm');
  const [message, setMessage] = useState('');

  const send = () => {
    setStep('pending');
    confirm.mutateAsync(token).then(
      (answer) => {
        setMessage(answer.message || t('done'));
        setStep('success');
        // This browser's session, if any, has ended with all the others.
        queryClient.setQueryData(USER_QUERY_KEY, null);
      },
      (error: unknown) => {
        setMessage(serverText(error) || t('failed'));
        setStep('error');
      },
    );
  };

  const linkDead = info.isError || (step === 'error' && isApiError(confirm.error) && confirm.error.status === 400);
  return (
    <Paper sx={{ p: { xs: 3, sm: 4.5 }, boxShadow: '0 10px 40px rgba(36, 41, 57, 0.08)', border: '1px solid rgba(36,41,57,0.06)' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, mb: 3 }}>
        {t('title')}
      </Typography>
      <Box role="status" aria-live="polite" data-testid="not-me-status" data-state={info.isPending ? 'loading' : info.isError ? 'invalid' : step}>
        {info.isPending ? (
          <Centered icon={<CircularProgress size={48} aria-hidden />} text={t('loading')} />
        ) : info.isError ? (
          <Centered icon={<LinkOffOutlined color="error" sx={{ fontSize: 56 }} aria-hidden />} text={serverText(info.error) || t('invalid')} />
        ) : step === 'confirm' ? (
          <ConfirmStep info={info.data} onConfirm={send} />
        ) : step === 'pending' ? (
          <Centered icon={<CircularProgress size={48} aria-hidden />} text={t('working')} />
        ) : step === 'success' ? (
          <>
            <Centered icon={<GppGoodOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />} text={message} />
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
              {t('next')}
            </Typography>
          </>
        ) : (
          <Centered icon={<LinkOffOutlined color="error" sx={{ fontSize: 56 }} aria-hidden />} text={message} />
        )}
        {(step === 'success' || step === 'error' || info.isError) && !info.isPending ? (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {step === 'error' && !linkDead ? (
              <Button variant="outlined" onClick={send}>
                {t('retry')}
              </Button>
            ) : null}
            <Button component={RouterLink} to={href(linkDead ? 'restorePassword' : 'login')} variant={step === 'success' ? 'contained' : 'outlined'}>
              {linkDead ? t('toReset') : t('toSignIn')}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

function Centered({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center', minHeight: 56 }}>{icon}</Box>
      <Typography sx={{ mb: 1 }}>{text}</Typography>
    </Box>
  );
}

function ConfirmStep({ info, onConfirm }: { info: NotMeInfo; onConfirm(): void }) {
  const { t } = useTranslation('notme');
  const when = formatDateTime(info.at);
  const device =
    info.browser && info.os ? t('device', { browser: info.browser, os: info.os }) : info.browser || info.os || t('unknownDevice');
  const steps = info.kind === 'email_change' ? ['email', 'sessions', 'password', 'payouts', 'mail'] : ['sessions', 'password', 'payouts', 'mail'];
  return (
    <Box>
      <Alert severity="warning" icon={false} sx={{ mb: 2 }} data-testid="not-me-what">
        {info.kind === 'new_device' ? (
          <>
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('newDevice.lead')}</Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
              <Typography component="dt" color="text.secondary">
                {t('newDevice.when')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {when}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('newDevice.device')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                <bdi>{device}</bdi>
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('newDevice.ip')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <bdi>{info.ip || '—'}</bdi>
              </Typography>
            </Box>
          </>
        ) : (
          <Typography>
            {t('emailChange.lead', { date: when })} <bdi style={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{info.new_email}</bdi>
          </Typography>
        )}
      </Alert>
      <Typography sx={{ mb: 1 }}>{t('willHappen')}</Typography>
      <Box component="ul" sx={{ mt: 0, mb: 2, ps: 3 }}>
        {steps.map((key) => (
          <Typography component="li" key={key} sx={{ mb: 0.5 }}>
            {t(`steps.${key}`)}
          </Typography>
        ))}
      </Box>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 3 }}>
        {t('itWasMe')}
      </Typography>
      <Button variant="contained" color="error" fullWidth onClick={onConfirm} data-testid="not-me-confirm" sx={{ py: 1.25 }}>
        {t('confirm')}
      </Button>
      <Typography color="text.secondary" variant="caption" component="p" sx={{ mt: 1.5, textAlign: 'center' }}>
        {t('expires', { date: formatDateTime(info.expires_at) })}
      </Typography>
    </Box>
  );
}
