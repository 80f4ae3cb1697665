import { useEffect, useRef } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../captcha/Captcha.tsx';
import { SecurityDialogFrame } from './SecurityDialogFrame.tsx';

export interface AccountPasswordDialogProps {
  open: boolean;
  password: string;
  error: string;
  errorField: 'code' | 'password' | 'captcha' | null;
  saving: boolean;
  /** Changes whenever the captcha must start over. */
  captchaResetKey: number;
  onPasswordChange(password: string): void;
  onCaptchaChange(payload: string): void;
  onSubmit(): void;
  onClose(): void;
}

/** Asks for the account password plus the captcha. */
export function AccountPasswordDialog(props: AccountPasswordDialogProps) {
  const {
    open,
    password,
    error,
    errorField,
    saving,
    captchaResetKey,
    onPasswordChange,
    onCaptchaChange,
    onSubmit,
    onClose,
  } = props;
  const { t } = useTranslation('dialogs');
  const captcha = useRef<CaptchaHandle>(null);

  useEffect(() => {
    captcha.current?.reset();
  }, [captchaResetKey]);

  return (
    <SecurityDialogFrame
      open={open}
      saving={saving}
      titleId="account-password-title"
      title={t('security.passwordTitle')}
      prompt={t('security.passwordPrompt')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Stack spacing={1}>
        <TextField
          type="password"
          autoFocus
          autoComplete="current-password"
          label={t('security.passwordLabel')}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          error={errorField === 'password'}
          helperText={errorField === 'password' ? error : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'account-password-input' } }}
        />
        <Captcha
          load="now"
          ref={captcha}
          onVerified={onCaptchaChange}
          onExpired={() => onCaptchaChange('')}
          onError={() => onCaptchaChange('')}
          error={errorField === 'captcha' ? error : undefined}
        />
      </Stack>
    </SecurityDialogFrame>
  );
}
