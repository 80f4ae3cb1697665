import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/copy/CopyField.tsx';

/**
 * A secret the server answers once and keeps only as a hash (a token, a generated temporary password): shown with a
 * copy button and the warning that it cannot be shown again. Closing it forgets it.
 */
export function SecretOnceDialog({
  open,
  title,
  intro,
  label,
  secret,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  intro: string;
  label: string;
  secret: string;
  onClose(): void;
  testId: string;
}) {
  const { t } = useTranslation('console');
  return (
    <Dialog open={open} maxWidth="sm" fullWidth aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{intro}</Typography>
        <CopyField label={label} value={secret} testId={`${testId}-secret`} />
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('secretOnce.warning')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid={`${testId}-done`}>
          {t('secretOnce.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
