import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * A destructive change that needs a reason (reject a payout, block a partner, unban a site): the reason typed, then
 * confirmed. The caller owns the call; a refusal's message (`error`) shows inside the dialog, which stays open.
 */
export function ReasonDialog({
  open,
  title,
  message,
  confirmLabel,
  hint,
  busy,
  error,
  danger = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel: string;
  hint?: string;
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const missing = reason.trim() === '';
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="reason-dialog-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {message ? <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText> : null}
          <TextField
            autoFocus
            multiline
            minRows={3}
            label={t('reason.label')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={touched && missing}
            helperText={touched && missing ? t('reason.required') : hint}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'reason-input' } }}
            sx={{ mt: message ? 0 : 1 }}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="reason-error">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} color="inherit">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} variant="contained" color={danger ? 'error' : 'primary'} data-testid="reason-confirm">
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
