import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/TextInput.tsx';
import type { SchemaForm } from '../../../components/form/useSchemaForm.ts';
import { fieldProps } from '../../../components/form/form-helpers.ts';

/** The e-mail field every sign-in form starts with (focused when the page opens). */
export function EmailField<T extends Record<string, unknown> & { email: string }>({
  form,
}: {
  form: SchemaForm<T>;
}) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...fieldProps(form, 'email', t)}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      autoFocus
      required
    />
  );
}
