import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import type { ApiRequestError } from '../../../lib/http.ts';
import { useDisableTotp, type SecondFactorProofBody } from '../api/disable-totp.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { RecoveryCodesStep } from './RecoveryCodesView.tsx';

export type ProofPurpose = 'disable' | 'regenerate';
type Errors = Partial<Record<'password' | 'code' | 'recovery_code' | 'form', string>>;

/**
 * What turning the authenticator off and new recovery codes ask: the account password and a current app code,
 * or one of the recovery codes instead.
 */
export function SecondFactorProofDialog({ purpose, email, onClose }: { purpose: ProofPurpose; email: string; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [codes, setCodes] = useState<string[] | null>(null);
  const refused = (error: ApiRequestError) => {
    const next: Errors = {};
    for (const field of ['password', 'code', 'recovery_code'] as const) if (error.errors[field]) next[field] = error.errors[field].join(' ');
    if (Object.keys(next).length === 0) next.form = error.serverMessage || t('secondFactor.failed');
    setErrors(next);
  };
  const disable = useDisableTotp({
    onSuccess: (answer) => {
      feedback.snackbar(answer.message || t('secondFactor.turnedOff'));
      onClose();
    },
    onRefused: refused,
  });
  const regenerate = useRegenerateRecoveryCodes({ onSuccess: (answer) => setCodes(answer.codes), onRefused: refused });
  const pending = disable.isPending || regenerate.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = useRecovery ? code.trim() : code.replace(/\s+/g, '');
    const next: Errors = {};
    if (!password) next.password = t('secondFactor.passwordRequired');
    if (!useRecovery && !/^\d{6}$/.test(value)) next.code = t('secondFactor.codeFormat');
    if (useRecovery && !value) next.recovery_code = t('secondFactor.recoveryRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: SecondFactorProofBody = useRecovery ? { password, recovery_code: value } : { password, code: value };
    if (purpose === 'disable') disable.mutate(body);
    else regenerate.mutate(body);
  };

  const title = purpose === 'disable' ? t('secondFactor.disable.title') : t('secondFactor.regenerate.title');
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="second-factor-proof-title">
      <DialogTitle id="second-factor-proof-title">{codes ? t('secondFactor.codes.title') : title}</DialogTitle>
      {codes ? (
        <RecoveryCodesStep codes={codes} email={email} onDone={onClose} />
      ) : (
        <Box component="form" noValidate onSubmit={submit} data-testid={`second-factor-${purpose}`}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {purpose === 'disable' ? t('secondFactor.disable.text') : t('secondFactor.regenerate.text')}
            </Typography>
            {errors.form ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errors.form}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('secondFactor.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password || ' '}
              autoComplete="current-password"
              fullWidth
              required
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'proof-password' } }}
            />
            <TextField
              label={useRecovery ? t('secondFactor.recoveryCode') : t('secondFactor.appCode')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(useRecovery ? errors.recovery_code : errors.code)}
              helperText={(useRecovery ? errors.recovery_code : errors.code) || ' '}
              autoComplete="one-time-code"
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: useRecovery ? 'text' : 'numeric', dir: 'ltr', 'data-testid': 'proof-code' } }}
            />
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode('');
                setErrors({});
              }}
            >
              {useRecovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
            </Link>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={pending}>
              {t('secondFactor.cancel')}
            </Button>
            <Button type="submit" variant="contained" color={purpose === 'disable' ? 'error' : 'primary'} loading={pending} data-testid="proof-submit">
              {purpose === 'disable' ? t('secondFactor.disable.submit') : t('secondFactor.regenerate.submit')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
