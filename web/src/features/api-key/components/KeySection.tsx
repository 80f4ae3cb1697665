import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from 'react-i18next';
import type { ApiKeyStateAnswer } from '@pc/core/contracts/webmaster';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useCreateApiKey, useRevokeApiKey } from '../api/key-actions.ts';
import { NewKeyNotice } from './NewKeyNotice.tsx';

/**
 * The key's state (none, or how it starts and ends, when it was made and last used), and the actions: create,
 * rotate (confirmed: the old key stops working) and revoke (confirmed). A new key is shown once, right here.
 */
export function KeySection({ state }: { state: ApiKeyStateAnswer }) {
  const { t } = useTranslation('apikey');
  const [newKey, setNewKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const create = useCreateApiKey((answer) => {
    setConfirming(null);
    setNewKey(answer.api_key);
  });
  const revoke = useRevokeApiKey((answer) => {
    setConfirming(null);
    setNewKey(null);
    feedback.snackbar(answer.message || t('revoked'));
  });
  const failure = [create.error, revoke.error].find((e) => isApiError(e) && [404, 429].includes(e.status));
  const key = state.key;

  return (
    <Stack spacing={2}>
      {newKey ? <NewKeyNotice apiKey={newKey} onDone={() => setNewKey(null)} /> : null}
      {failure && isApiError(failure) ? (
        <Alert severity="error" data-testid="key-error">
          {failure.serverMessage || t('failed')}
        </Alert>
      ) : null}
      {key ? (
        <Box data-testid="key-state" data-state="active">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <KeyOutlined color="primary" aria-hidden />
            <Typography
              component="code"
              dir="ltr"
              data-testid="key-masked"
              sx={{ fontFamily: 'monospace', fontSize: 15, overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {`${key.prefix}${'•'.repeat(12)}${key.last4}`}
            </Typography>
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, my: 2 }}>
            <Typography component="dt" color="text.secondary">
              {t('key.created')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="key-created">
              {formatDateTime(key.created_at)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {t('key.lastUsed')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="key-last-used">
              {key.last_used_at ? formatDateTime(key.last_used_at) : t('key.neverUsed')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setConfirming('rotate')} disabled={create.isPending || revoke.isPending} data-testid="rotate-key">
              {t('key.rotate')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirming('revoke')} disabled={create.isPending || revoke.isPending} data-testid="revoke-key">
              {t('key.revoke')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Box data-testid="key-state" data-state="none">
          <Typography sx={{ fontWeight: 600 }}>{t('key.none')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {t('key.noneHint')}
          </Typography>
          <Button variant="contained" onClick={() => create.mutate()} loading={create.isPending} data-testid="create-key">
            {t('key.create')}
          </Button>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="key-limit">
        {t('key.limit', { count: state.rate_limit_per_minute })}
      </Typography>
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={t('rotateConfirm.title')}
        message={t('rotateConfirm.message')}
        confirmLabel={t('rotateConfirm.confirm')}
        busy={create.isPending}
        danger
        onConfirm={() => create.mutate()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        title={t('revokeConfirm.title')}
        message={t('revokeConfirm.message')}
        confirmLabel={t('revokeConfirm.confirm')}
        busy={revoke.isPending}
        danger
        onConfirm={() => revoke.mutate()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
