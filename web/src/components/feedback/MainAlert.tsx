import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.ts';
import { feedback, mainAlertStore } from './feedback-store.ts';

/** The main alert above the page content: type, message, dismissible. */
export function MainAlert() {
  const { t } = useTranslation('dialogs');
  const state = useStore(mainAlertStore);
  return (
    <Collapse in={state !== null} unmountOnExit>
      {state && (
        <Alert
          severity={state.type}
          variant="outlined"
          sx={{ mb: 2, bgcolor: 'background.paper' }}
          onClose={state.dismissible ? feedback.clearAlert : undefined}
          slotProps={{ closeButton: { 'aria-label': t('close'), title: t('close') } }}
        >
          {state.message}
        </Alert>
      )}
    </Collapse>
  );
}
