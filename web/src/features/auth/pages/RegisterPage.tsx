import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { CaptchaHandle } from '../../../components/captcha/Captcha.tsx';
import { EXTERNAL_LINKS } from '../../../lib/links.ts';
import { href } from '../../../lib/routes.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormCaptcha } from '../components/FormCaptcha.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { errorText, fieldProps, submitFailure } from '../../../components/form/form-helpers.ts';
import { EmailField } from '../components/EmailField.tsx';
import { AuthForm } from '../components/AuthForm.tsx';
import { registerSchema } from '../components/schemas.ts';
import { TokenStatus } from '../components/TokenStatus.tsx';

const FIELDS = ['email', 'password', 'agree', 'newsletter', 'captcha'] as const;

/** Create account: e-mail, password, agreement to the terms, optional newsletter, captcha. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const register = useRegister();
  const captcha = useRef<CaptchaHandle>(null);
  const [formError, setFormError] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm(registerSchema, {
    email: '',
    password: '',
    agree: false,
    newsletter: false,
    captcha: '',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError([]);
    const ref = Number(params.get('ref'));
    try {
      const answer = await register.mutateAsync({
        ...values,
        lang: i18n.language,
        ...(Number.isInteger(ref) && ref > 0 ? { ref } : {}),
      });
      setSent(answer?.message || t('register.sent'));
    } catch (error) {
      captcha.current?.reset();
      setFormError(submitFailure(form, error, FIELDS, t('tryLater')));
    }
  });

  if (sent) {
    return (
      <AuthCard title={t('register.sentTitle')}>
        <Box sx={{ textAlign: 'center' }} data-testid="register-sent">
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <TokenStatus
            state="success"
            message={sent}
            action={
              <Button component={RouterLink} to={href('login')} variant="contained">
                {t('backToSignIn')}
              </Button>
            }
          />
        </Box>
      </AuthCard>
    );
  }

  const agreeError = errorText(form.errors.agree, t);
  // MUI's Checkbox takes its input's ref through slotProps.
  const agree = form.checkbox('agree');
  const newsletter = form.checkbox('newsletter');
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to={href('login')} sx={{ fontWeight: 600 }}>
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <AuthForm
        label={t('register.title')}
        onSubmit={onSubmit}
        errors={formError}
        submitLabel={t('register.submit')}
        submitting={form.isSubmitting}
      >
        <EmailField form={form} />
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('fields.password')}
          autoComplete="new-password"
          required
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                name={agree.name}
                checked={agree.checked}
                onChange={agree.onChange}
                slotProps={{
                  input: {
                    ref: agree.inputRef,
                    'aria-invalid': Boolean(agreeError),
                    'aria-describedby': agreeError ? 'agree-error' : undefined,
                  } as object,
                }}
              />
            }
            label={
              <Trans
                t={t}
                i18nKey="register.agree"
                components={{
                  terms: <Link href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer" />,
                }}
              />
            }
          />
          {agreeError ? (
            <FormHelperText error id="agree-error" sx={{ mt: -0.5, mx: 0 }}>
              {agreeError}
            </FormHelperText>
          ) : null}
          <FormControlLabel
            control={
              <Checkbox
                name={newsletter.name}
                checked={newsletter.checked}
                onChange={newsletter.onChange}
                slotProps={{ input: { ref: newsletter.inputRef } as object }}
              />
            }
            label={t('register.newsletter')}
          />
        </Box>
        <FormCaptcha form={form} ref={captcha} />
      </AuthForm>
    </AuthCard>
  );
}
