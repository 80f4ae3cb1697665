import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../../components/copy/CopyField.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { submitFailure } from '../../../../components/form/form-helpers.ts';
import { useConfirmAuthenticator } from '../api/confirm-authenticator.ts';
import { totpSchema } from './schemas.ts';
import { SignInCard } from './SignInCard.tsx';
import { TotpField } from './CodeField.tsx';
import { isFirstStepGone } from './first-step.ts';

export interface AuthenticatorSetup {
  qr_svg: string;
  secret: string;
}

/**
 * The server's QR code as an image, never as markup in the page: an SVG in an <img> runs no script and reaches
 * nothing of the document.
 */
export function qrImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The base32 secret in groups of four, easier to type into an app by hand (apps ignore the spaces). */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** First sign-in (or after a reset): add the console to an authenticator app, then confirm with its first code. */
export function AuthenticatorSetupStep({ setup, onConfirmed, onRestart }: { setup: AuthenticatorSetup; onConfirmed(codes: string[]): void; onRestart(message: string): void }) {
  const { t } = useTranslation('console');
  const confirm = useConfirmAuthenticator();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useSchemaForm(totpSchema, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setErrors([]);
    try {
      onConfirmed((await confirm.mutateAsync(code)).recovery_codes);
    } catch (error) {
      const messages = submitFailure(form, error, ['code'], t('signIn.wrongCode'));
      // The first step's session ran out: the password again.
      if (isFirstStepGone(error)) onRestart(messages[0] ?? t('signIn.again'));
      else setErrors(messages);
    }
  });
  return (
    <SignInCard title={t('signIn.setup.title')} subtitle={t('signIn.setup.subtitle')} errors={errors} testId="sign-in-setup">
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
          <Box
            component="img"
            src={qrImageSource(setup.qr_svg)}
            alt={t('signIn.setup.qrAlt')}
            data-testid="totp-qr"
            sx={{ width: 184, height: 184, flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
          <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2">{t('signIn.setup.scan')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('signIn.setup.typeInstead')}
            </Typography>
            <CopyField label={t('signIn.setup.secret')} value={groupedSecret(setup.secret)} testId="totp-secret" />
          </Stack>
        </Stack>
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('signIn.setup.title')}>
          <TotpField form={form} label={t('signIn.setup.code')} t={t} />
          <Button type="submit" variant="contained" size="large" loading={form.isSubmitting} data-testid="totp-confirm">
            {t('signIn.setup.confirm')}
          </Button>
        </Stack>
      </Stack>
    </SignInCard>
  );
}
