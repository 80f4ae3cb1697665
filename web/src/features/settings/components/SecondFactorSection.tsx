import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { useTranslation } from 'react-i18next';
import type { SecondFactorStatusAnswer, TotpSetupAnswer } from '@pc/core/contracts/second-factor';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSecondFactor } from '../api/get-second-factor.ts';
import { useStartTotpSetup } from '../api/start-totp-setup.ts';
import { SecondFactorProofDialog, type ProofPurpose } from './SecondFactorProofDialog.tsx';
import { PasskeysPart } from './PasskeysPart.tsx';
import { TotpSetupDialog } from './TotpSetupDialog.tsx';

/** Two-step sign-in (decision 0190): the authenticator app with its recovery codes, and passkeys. */
export function SecondFactorSection({ email }: { email: string }) {
  const status = useSecondFactor();
  return (
    <QueryBlock query={status} height={200}>
      {(data) => <SecondFactorBody status={data} email={email} />}
    </QueryBlock>
  );
}

function SecondFactorBody({ status, email }: { status: SecondFactorStatusAnswer; email: string }) {
  const { t } = useTranslation('settings');
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [proof, setProof] = useState<ProofPurpose | null>(null);
  const start = useStartTotpSetup({
    onSuccess: (answer) => setSetup(answer),
    onRefused: (error) => feedback.snackbar(error.serverMessage || t('secondFactor.failed')),
  });
  const { totp } = status;
  return (
    <Box data-testid="second-factor">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('secondFactor.intro')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <PhonelinkLockOutlined color={totp.enabled ? 'success' : 'action'} sx={{ mt: 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="h3">
              {t('secondFactor.app')}
            </Typography>
            <Chip
              size="small"
              color={totp.enabled ? 'success' : 'default'}
              label={totp.enabled ? t('secondFactor.on') : t('secondFactor.off')}
              data-testid="totp-status"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {totp.enabled && totp.enabled_at
              ? t('secondFactor.onSince', { date: formatDateTime(totp.enabled_at) }) +
                ' ' +
                t('secondFactor.codesLeft', { left: totp.recovery_codes_left })
              : t('secondFactor.appHint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            {totp.enabled ? (
              <>
                <Button variant="outlined" onClick={() => setProof('regenerate')} data-testid="recovery-codes-new">
                  {t('secondFactor.regenerate.open')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setProof('disable')} data-testid="totp-disable">
                  {t('secondFactor.disable.open')}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-enable">
                {t('secondFactor.enable')}
              </Button>
            )}
          </Stack>
        </Box>
      </Stack>
      <PasskeysPart passkeys={status.passkeys} />
      {setup ? <TotpSetupDialog setup={setup} email={email} onClose={() => setSetup(null)} /> : null}
      {proof ? <SecondFactorProofDialog purpose={proof} email={email} onClose={() => setProof(null)} /> : null}
    </Box>
  );
}
