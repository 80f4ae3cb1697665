import { useState } from 'react';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RoleField } from '../../../components/RoleField.tsx';
import { useCreateToken, type CreateTokenAnswer } from '../api/create-token.ts';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.nameRequired'), z.maxLength(100, 'validation.nameLong')),
});

/** A new named token: what it is for (its name) and the role it acts with. */
export function CreateTokenDialog({ onClose, onCreated }: { onClose(): void; onCreated(answer: CreateTokenAnswer): void }) {
  const { t } = useTranslation('console');
  const create = useCreateToken();
  const [role, setRole] = useState<StaffRole>('finance');
  const [errors, setErrors] = useState<string[]>([]);
  const form = useSchemaForm(schema, { name: '' });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setErrors([]);
    try {
      onCreated(await create.mutateAsync({ name, role }));
    } catch (error) {
      setErrors(submitFailure(form, error, ['name'], t('tokens.create.failed')));
    }
  });
  return (
    <FormDialog
      idPrefix="create-token"
      title={t('tokens.create.title')}
      errors={errors}
      submitting={form.isSubmitting}
      submitLabel={t('tokens.create.submit')}
      submitTestId="token-create-submit"
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextInput {...fieldProps(form, 'name', t)} id="token-name" label={t('tokens.create.name')} autoComplete="off" required autoFocus />
      <RoleField value={role} onChange={setRole} label={t('tokens.create.role')} testId="token-role" />
    </FormDialog>
  );
}
