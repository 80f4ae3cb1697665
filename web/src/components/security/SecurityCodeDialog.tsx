import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface SecurityCodeDialogProps {
  open: boolean;
  code: string;
  error: string;
  saving: boolean;
  onChange(code: string): void;
  onSubmit(): void;
  onClose(): void;
}

/** Asks for the security code: a password-type field, Close and OK. */
export function SecurityCodeDialog({ open, code, error, saving, onChange, onSubmit, onClose }: SecurityCodeDialogProps) {
  const { t } = useTranslation('dialogs');
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="security-code-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id="security-code-title">{t('security.codeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('security.codePrompt')}</DialogContentText>
          <TextField
            type="password"
            autoFocus
            autoComplete="off"
            label={t('security.codeLabel')}
            value={code}
            onChange={(event) => onChange(event.target.value)}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ htmlInput: { 'data-testid': 'security-code-input' } }}
          />
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
