import { forwardRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/Captcha.tsx';
import { errorText } from './form-helpers.ts';

/** The captcha bound to a form's `captcha` field: verified fills it, expired and error empty it. */
function FormCaptchaInner<T extends FieldValues & { captcha: string }>({ form }: { form: UseFormReturn<T> }, ref: React.ForwardedRef<CaptchaHandle>) {
  const { t } = useTranslation('auth');
  const name = 'captcha' as Path<T>;
  const set = (value: string, validate: boolean) =>
    form.setValue(name, value as PathValue<T, Path<T>>, { shouldValidate: validate && form.formState.isSubmitted, shouldDirty: true });
  const error = form.formState.errors.captcha as { type?: string; message?: string } | undefined;
  return (
    <Captcha
      ref={ref}
      id="field-captcha"
      onVerified={(payload) => {
        set(payload, true);
        form.clearErrors(name);
      }}
      onExpired={() => set('', true)}
      onError={() => set('', true)}
      error={errorText(error, t)}
    />
  );
}

export const FormCaptcha = forwardRef(FormCaptchaInner) as <T extends FieldValues & { captcha: string }>(
  props: { form: UseFormReturn<T> } & { ref?: React.Ref<CaptchaHandle> },
) => React.ReactElement;
