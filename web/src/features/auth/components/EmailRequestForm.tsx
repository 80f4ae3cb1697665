import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaptchaHandle } from '../../../components/captcha/Captcha.tsx';
import { href } from '../../../lib/routes.ts';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { AuthCard } from './AuthCard.tsx';
import { FormCaptcha } from './FormCaptcha.tsx';
import { submitFailure } from '../../../components/form/form-helpers.ts';
import { EmailField } from './EmailField.tsx';
import { AuthForm } from './AuthForm.tsx';
import { emailCaptchaSchema, type EmailCaptchaForm } from './schemas.ts';

const FIELDS = ['email', 'captcha'] as const;

/** E-mail plus captcha, for the restore-access and password-recovery requests. */
export function EmailRequestForm({
  title,
  subtitle,
  submitLabel,
  sentFallback,
  send,
}: {
  title: string;
  subtitle: string;
  submitLabel: string;
  sentFallback: string;
  send(values: EmailCaptchaForm): Promise<MessageAnswer>;
}) {
  const { t } = useTranslation('auth');
  const captcha = useRef<CaptchaHandle>(null);
  const [formError, setFormError] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm(emailCaptchaSchema, { email: '', captcha: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError([]);
    try {
      const answer = await send(values);
      setDone(answer?.message || sentFallback);
    } catch (error) {
      captcha.current?.reset();
      setFormError(submitFailure(form, error, FIELDS, t('tryLater')));
    }
  });

  const footer = (
    <Link component={RouterLink} to={href('login')} sx={{ fontWeight: 600 }}>
      {t('backToSignIn')}
    </Link>
  );

  return (
    <AuthCard title={title} subtitle={done ? undefined : subtitle} footer={footer}>
      {done ? (
        <Alert severity="success" data-testid="request-sent">
          {done}
        </Alert>
      ) : (
        <AuthForm
          label={title}
          onSubmit={onSubmit}
          errors={formError}
          submitLabel={submitLabel}
          submitting={form.isSubmitting}
        >
          <EmailField form={form} />
          <FormCaptcha form={form} ref={captcha} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
