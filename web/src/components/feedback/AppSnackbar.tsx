import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.ts';
import { feedback, snackbarStore } from './feedback-store.ts';

/** The snackbar: text, a 5000 ms timeout and a Close button. */
export function AppSnackbar() {
  const { t } = useTranslation('dialogs');
  const state = useStore(snackbarStore);
  return (
    <Snackbar
      key={state?.id}
      open={state !== null}
      message={state?.text}
      autoHideDuration={state?.timeout ?? null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') feedback.closeSnackbar();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        // A light blue on the dark snackbar: the theme's primary.light reads at 4:1 there, below WCAG's 4.5:1.
        <Button size="small" onClick={feedback.closeSnackbar} sx={{ color: '#90caf9' }}>
          {t('close')}
        </Button>
      }
    />
  );
}
