import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TotpSetupAnswer } from '@pc/core/contracts/second-factor';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { RecoveryCodesStep } from './RecoveryCodesView.tsx';

const CODE = /^\d{6}$/;

/** The secret in groups of four, easier to type into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning the authenticator on: scan the QR code (or type the secret), enter the first code; then the ten
 * recovery codes, shown once.
 */
export function TotpSetupDialog({ setup, email, onClose }: { setup: TotpSetupAnswer; email: string; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const confirm = useConfirmTotp({
    onSuccess: (answer) => setCodes(answer.codes),
    onRefused: (refusal) => setError(refusal.errors.code?.join(' ') || refusal.serverMessage || t('secondFactor.failed')),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!CODE.test(value)) return setError(t('secondFactor.codeFormat'));
    setError('');
    confirm.mutate({ code: value });
  };
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;
  return (
    <Dialog open onClose={confirm.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="totp-setup-title">
      <DialogTitle id="totp-setup-title">{codes ? t('secondFactor.codes.title') : t('secondFactor.setup.title')}</DialogTitle>
      {codes ? (
        <RecoveryCodesStep codes={codes} email={email} onDone={onClose}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('secondFactor.setup.done')}
          </Alert>
        </RecoveryCodesStep>
      ) : (
        <Box component="form" noValidate onSubmit={submit} data-testid="totp-setup">
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('secondFactor.setup.scan')}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
              <Box
                component="img"
                src={qr}
                alt={t('secondFactor.setup.qrAlt')}
                data-testid="totp-qr"
                sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {t('secondFactor.setup.manual')}
            </Typography>
            <Box
              component="code"
              dir="ltr"
              data-testid="totp-secret"
              data-secret={setup.secret}
              sx={{
                display: 'block',
                p: 1.5,
                mb: 2,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                fontFamily: 'monospace',
                fontSize: '0.95rem',
                wordBreak: 'break-all',
                textAlign: 'center',
                userSelect: 'all',
              }}
            >
              {groupedSecret(setup.secret)}
            </Box>
            <TextField
              label={t('secondFactor.setup.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(error)}
              helperText={error || t('secondFactor.setup.codeHint')}
              autoComplete="one-time-code"
              fullWidth
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, dir: 'ltr', 'data-testid': 'totp-setup-code' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={confirm.isPending}>
              {t('secondFactor.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={confirm.isPending} data-testid="totp-setup-confirm">
              {t('secondFactor.setup.confirm')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
