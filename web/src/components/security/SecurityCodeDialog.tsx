import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SecurityDialogFrame } from './SecurityDialogFrame.tsx';

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
export function SecurityCodeDialog({
  open,
  code,
  error,
  saving,
  onChange,
  onSubmit,
  onClose,
}: SecurityCodeDialogProps) {
  const { t } = useTranslation('dialogs');
  return (
    <SecurityDialogFrame
      open={open}
      saving={saving}
      titleId="security-code-title"
      title={t('security.codeTitle')}
      prompt={t('security.codePrompt')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
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
    </SecurityDialogFrame>
  );
}
