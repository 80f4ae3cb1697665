import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/Captcha.tsx';
import type { SchemaForm } from '../../../components/form/useSchemaForm.ts';
import { errorText } from '../../../components/form/form-helpers.ts';

type WithCaptcha = Record<string, unknown> & { captcha: string };

/**
 * The captcha bound to a form's `captcha` field: verified fills it, expired and error empty it, and
 * reset() (after a failed submit) starts the widget over and empties the field without a message.
 */
function FormCaptchaInner<T extends WithCaptcha>(
  { form }: { form: SchemaForm<T> },
  ref: React.ForwardedRef<CaptchaHandle>,
) {
  const { t } = useTranslation('auth');
  const widget = useRef<CaptchaHandle>(null);
  const set = (value: string) => form.setValue('captcha', value as T['captcha']);
  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset();
      form.setValue('captcha', '' as T['captcha'], { check: false });
    },
  }));
  return (
    <Captcha
      ref={widget}
      id="field-captcha"
      onVerified={(payload) => {
        set(payload);
        form.clearError('captcha');
      }}
      onExpired={() => set('')}
      onError={() => set('')}
      error={errorText(form.errors.captcha, t)}
    />
  );
}

export const FormCaptcha = forwardRef(FormCaptchaInner) as <T extends WithCaptcha>(
  props: { form: SchemaForm<T> } & { ref?: React.Ref<CaptchaHandle> },
) => React.ReactElement;
