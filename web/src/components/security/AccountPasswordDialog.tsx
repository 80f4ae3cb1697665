import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../captcha/Captcha.tsx';

export interface AccountPasswordDialogProps {
  open: boolean;
  password: string;
  error: string;
  errorField: 'code' | 'password' | 'captcha' | null;
  saving: boolean;
  /** Changes whenever the captcha must start over. */
  captchaResetKey: number;
  onPasswordChange(password: string): void;
  onCaptchaChange(payload: string): void;
  onSubmit(): void;
  onClose(): void;
}

/** Asks for the account password plus the captcha. */
export function AccountPasswordDialog(props: AccountPasswordDialogProps) {
  const { open, password, error, errorField, saving, captchaResetKey, onPasswordChange, onCaptchaChange, onSubmit, onClose } = props;
  const { t } = useTranslation('dialogs');
  const captcha = useRef<CaptchaHandle>(null);

  useEffect(() => {
    captcha.current?.reset();
  }, [captchaResetKey]);

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="account-password-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id="account-password-title">{t('security.passwordTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('security.passwordPrompt')}</DialogContentText>
          <Stack spacing={1}>
            <TextField
              type="password"
              autoFocus
              autoComplete="current-password"
              label={t('security.passwordLabel')}
              value={password}
              onChange={(event) => onPasswordChange(event.target.value)}
              error={errorField === 'password'}
              helperText={errorField === 'password' ? error : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'account-password-input' } }}
            />
            <Captcha
              load="now"
              ref={captcha}
              onVerified={onCaptchaChange}
              onExpired={() => onCaptchaChange('')}
              onError={() => onCaptchaChange('')}
              error={errorField === 'captcha' ? error : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {t('close')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {t('ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
