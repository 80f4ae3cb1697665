import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The frame of the security check's dialogs: title, prompt, the fields, Close and OK (a form, so Enter submits). */
export function SecurityDialogFrame({
  open,
  saving,
  titleId,
  title,
  prompt,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  saving: boolean;
  titleId: string;
  title: string;
  prompt: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('dialogs');
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{prompt}</DialogContentText>
          {children}
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
