import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from 'react-i18next';
import type { PasskeyItem } from '@pc/core/contracts/second-factor';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { createPasskey, isPasskeyCancelled, passkeysSupported } from '../../../lib/passkeys.ts';
import { usePasskeyOptions } from '../api/passkey-options.ts';
import { useRegisterPasskey } from '../api/register-passkey.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';

const NAME_MAX = 64;

/** The partner's passkeys: add (after the password check), rename, remove. */
export function PasskeysPart({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { t } = useTranslation('settings');
  const [naming, setNaming] = useState<{ id: number | null; name: string } | null>(null);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef('');
  const failed = (message?: string) => feedback.snackbar(message || t('secondFactor.passkeys.failed'));

  const register = useRegisterPasskey({
    onSuccess: (answer) => {
      setNaming(null);
      feedback.snackbar(answer.message);
    },
    onRefused: (error) => failed(error.serverMessage),
  });
  const options = usePasskeyOptions({
    onSuccess: async (answer) => {
      try {
        setBusy(true);
        const response = await createPasskey(answer.options);
        register.mutate({ name: nameRef.current || naming?.name || t('secondFactor.passkeys.defaultName'), response });
      } catch (error) {
        if (!isPasskeyCancelled(error)) failed();
      } finally {
        setBusy(false);
      }
    },
    onRefused: (error) => failed(error.serverMessage),
  });
  const rename = useRenamePasskey({
    onSuccess: (answer) => {
      setNaming(null);
      feedback.snackbar(answer.message);
    },
    onRefused: (error) => failed(error.serverMessage),
  });
  const remove = useRemovePasskey({
    onSuccess: (answer) => {
      setRemoving(null);
      feedback.snackbar(answer.message);
    },
    onRefused: (error) => failed(error.serverMessage),
  });
  const supported = passkeysSupported();
  const pending = busy || options.isPending || register.isPending || rename.isPending;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) return;
    nameRef.current = name;
    if (naming.id === null) options.mutate();
    else rename.mutate({ id: naming.id, name });
  };

  return (
    <Box data-testid="passkeys" sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <KeyOutlined color={passkeys.length ? 'success' : 'action'} sx={{ mt: 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">
            {t('secondFactor.passkeys.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('secondFactor.passkeys.hint')}
          </Typography>
          {passkeys.length === 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="passkeys-empty">
              {t('secondFactor.passkeys.empty')}
            </Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label={t('secondFactor.passkeys.title')}>
              {passkeys.map((key) => (
                <Box
                  component="li"
                  key={key.id}
                  data-testid="passkey-row"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {key.name}{' '}
                      {key.backed_up ? <Chip size="small" variant="outlined" label={t('secondFactor.passkeys.synced')} sx={{ marginInlineStart: 0.5 }} /> : null}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('secondFactor.passkeys.created', { date: formatDateTime(key.created_at) })}
                      {' · '}
                      {key.last_used_at ? t('secondFactor.passkeys.lastUsed', { date: formatDateTime(key.last_used_at) }) : t('secondFactor.passkeys.never')}
                    </Typography>
                  </Box>
                  <Tooltip title={t('secondFactor.passkeys.rename')}>
                    <IconButton aria-label={`${t('secondFactor.passkeys.rename')}: ${key.name}`} onClick={() => setNaming({ id: key.id, name: key.name })}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('secondFactor.passkeys.remove')}>
                    <IconButton aria-label={`${t('secondFactor.passkeys.remove')}: ${key.name}`} onClick={() => setRemoving(key)} data-testid="passkey-remove">
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              ))}
            </Stack>
          )}
          {supported ? (
            <Button
              variant="outlined"
              sx={{ mt: 1.5 }}
              onClick={() => setNaming({ id: null, name: t('secondFactor.passkeys.defaultName') })}
              data-testid="passkey-add"
            >
              {t('secondFactor.passkeys.add')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('secondFactor.passkeys.unsupported')}
            </Typography>
          )}
        </Box>
      </Stack>

      <Dialog open={naming !== null} onClose={pending ? undefined : () => setNaming(null)} maxWidth="xs" fullWidth aria-labelledby="passkey-name-title">
        <Box component="form" noValidate onSubmit={save}>
          <DialogTitle id="passkey-name-title">{naming?.id === null ? t('secondFactor.passkeys.add') : t('secondFactor.passkeys.rename')}</DialogTitle>
          <DialogContent>
            <TextField
              label={t('secondFactor.passkeys.name')}
              value={naming?.name ?? ''}
              onChange={(event) => setNaming((n) => (n ? { ...n, name: event.target.value.slice(0, NAME_MAX) } : n))}
              fullWidth
              required
              autoFocus
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'passkey-name' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(null)} disabled={pending}>
              {t('secondFactor.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending} disabled={!naming?.name.trim()} data-testid="passkey-name-save">
              {naming?.id === null ? t('secondFactor.passkeys.add') : t('secondFactor.passkeys.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={t('secondFactor.passkeys.removeTitle')}
        message={t('secondFactor.passkeys.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('secondFactor.passkeys.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
