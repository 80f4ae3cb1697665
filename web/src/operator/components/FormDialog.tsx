import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * A dialog around one form that creates something (a member, a token): the title, the refusals the server gave above
 * the fields, Cancel and the submit button. While the form is sent it cannot be closed, so an answer (a secret shown
 * once) is never lost behind a closed dialog.
 */
export function FormDialog({
  open = true,
  idPrefix,
  title,
  errors,
  submitting,
  submitLabel,
  submitTestId,
  onSubmit,
  onClose,
  children,
}: {
  open?: boolean;
  /** The ids of the dialog's title (`<idPrefix>-title`). */
  idPrefix: string;
  title: string;
  errors: readonly string[];
  submitting: boolean;
  submitLabel: string;
  submitTestId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={`${idPrefix}-title`}>
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            {errors.map((message) => (
              <Alert key={message} severity="error">
                {message}
              </Alert>
            ))}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={submitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={submitting} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
