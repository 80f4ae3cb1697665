import { useState } from 'react';
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pc/core/contracts/password-rule';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useChangePassword, type ChangePasswordAnswer } from '../api/change-password.ts';

/** The server's rule (core's password rule); the server also refuses the current password. */
const schema = z.object({
  current_password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
  new_password: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, 'password.length'), z.maxLength(PASSWORD_MAX_LENGTH, 'password.length')),
  code: z.string().check(z.overwrite((v) => v.replace(/\s+/g, '')), z.regex(/^\d{6}$/, 'validation.totp')),
});

/** The member's own password: the current one, the new one and a code from their authenticator. */
export function ChangePasswordDialog({ onClose, onChanged }: { onClose(): void; onChanged(answer: ChangePasswordAnswer): void }) {
  const { t } = useTranslation('console');
  const change = useChangePassword();
  const [errors, setErrors] = useState<string[]>([]);
  const form = useSchemaForm(schema, { current_password: '', new_password: '', code: '' });
  const onSubmit = form.handleSubmit(async (body) => {
    setErrors([]);
    try {
      onChanged(await change.mutateAsync(body));
    } catch (error) {
      setErrors(submitFailure(form, error, ['current_password', 'new_password', 'code'], t('password.failed')));
    }
  });
  return (
    <FormDialog
      idPrefix="change-password"
      title={t('password.title')}
      errors={errors}
      submitting={form.isSubmitting}
      submitLabel={t('password.submit')}
      submitTestId="password-submit"
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextInput {...fieldProps(form, 'current_password', t)} id="password-current" label={t('password.current')} type="password" autoComplete="current-password" required autoFocus />
      <TextInput {...fieldProps(form, 'new_password', t)} id="password-new" label={t('password.new')} type="password" autoComplete="new-password" required />
      <TextInput {...fieldProps(form, 'code', t)} id="password-code" label={t('password.code')} autoComplete="one-time-code" required />
    </FormDialog>
  );
}
