import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.ts';
import { feedback, messageDialogStore, type MessageType } from './feedback-store.ts';

const ICONS: Record<MessageType, { Icon: typeof InfoOutlined; color: 'info' | 'success' | 'error' }> = {
  info: { Icon: InfoOutlined, color: 'info' },
  success: { Icon: CheckCircleOutlined, color: 'success' },
  error: { Icon: ErrorOutline, color: 'error' },
};

/** The generic message dialog (info, success, error) driven by feedback.message(). */
export function MessageDialog() {
  const { t } = useTranslation('dialogs');
  const state = useStore(messageDialogStore);
  const { Icon, color } = ICONS[state.type];
  return (
    <Dialog
      open={state.visible}
      onClose={feedback.closeMessage}
      maxWidth="xs"
      fullWidth
      aria-labelledby="message-dialog-title"
      aria-describedby="message-dialog-text"
      data-type={state.type}
    >
      <DialogTitle id="message-dialog-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Icon color={color} />
          <span>{state.title}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="message-dialog-text" sx={{ whiteSpace: 'pre-line' }}>
          {state.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={feedback.closeMessage}
          variant="contained"
          color={color === 'info' ? 'primary' : color}
          autoFocus
        >
          {state.closeButtonLabel || t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
