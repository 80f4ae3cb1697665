import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import type { SettingsPreviewAnswer } from '../api/preview-settings.ts';
import { DiffRows } from './DiffRows.tsx';

/** The preview step: what partners would see change and from when, then Save (or back to editing). */
export function PreviewDialog({
  preview,
  saving,
  error,
  onSave,
  onClose,
}: {
  preview: SettingsPreviewAnswer | null;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={Boolean(preview)} onClose={saving ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="settings-preview-title" disableScrollLock>
      <DialogTitle id="settings-preview-title">{t('settings.preview.title')}</DialogTitle>
      <DialogContent dividers data-testid="settings-preview">
        {preview ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }} data-testid="settings-preview-from">
              {t('settings.preview.from', { at: formatDateTime(preview.effective_from) })}
            </Typography>
            {preview.rows.length ? (
              <DiffRows rows={preview.rows} testId="settings-preview-rows" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('settings.preview.nothingVisible')}
              </Typography>
            )}
          </>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="settings-save-error">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('settings.preview.back')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving} data-testid="settings-save">
          {t('settings.preview.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
