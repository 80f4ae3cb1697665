import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { isPasskeyCancelled, passkeysSupported } from '../../../lib/passkeys.ts';
import type { CurrentUser } from '../../../lib/session.ts';

/**
 * A button that signs in with a passkey (password-less, or the second step): the browser's prompt, then the
 * server's answer. A closed prompt is no error; a refusal is shown under the button.
 */
export function PasskeyButton({
  label,
  run,
  onSignedIn,
  onRestart,
  variant = 'outlined',
}: {
  label: string;
  run(): Promise<CurrentUser>;
  onSignedIn(user: CurrentUser): Promise<void> | void;
  /** The pending step expired or the account is blocked: back to the password step with this message. */
  onRestart?(message: string): void;
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!passkeysSupported()) return null;
  const click = async () => {
    setError('');
    setBusy(true);
    try {
      await onSignedIn(await run());
    } catch (failure) {
      if (isPasskeyCancelled(failure)) return;
      const reason = isApiError(failure) ? failure.body.reason : undefined;
      if (onRestart && isApiError(failure) && (reason === 'second_factor_expired' || reason === 'account_blocked' || reason === 'account_disabled'))
        return onRestart(failure.serverMessage);
      setError((isApiError(failure) && failure.serverMessage) || t('passkey.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Button variant={variant} size="large" startIcon={<KeyOutlined />} loading={busy} onClick={() => void click()} data-testid="passkey-sign-in">
        {label}
      </Button>
      {error ? (
        <Alert severity="error" data-testid="passkey-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
