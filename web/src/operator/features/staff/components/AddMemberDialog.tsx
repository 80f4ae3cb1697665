import { useState } from 'react';
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pc/core/contracts/password-rule';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RoleField } from '../../../components/RoleField.tsx';
import { useCreateStaff, type CreateStaffAnswer } from '../api/create-staff.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const schema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'validation.emailRequired'), z.regex(EMAIL, 'validation.emailInvalid')),
  name: z.string().check(z.trim(), z.minLength(1, 'validation.nameRequired'), z.maxLength(100, 'validation.nameLong')),
  /** Empty: the server makes one up. */
  password: z.string().check(z.refine((v) => v === '' || (v.length >= PASSWORD_MIN_LENGTH && v.length <= PASSWORD_MAX_LENGTH), 'validation.passwordLength')),
});

/** A new member: e-mail, name, role and a temporary password (given here, or made up by the server). */
export function AddMemberDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(answer: CreateStaffAnswer): void }) {
  const { t } = useTranslation('console');
  const create = useCreateStaff();
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<string[]>([]);
  const form = useSchemaForm(schema, { email: '', name: '', password: '' });
  const onSubmit = form.handleSubmit(async ({ email, name, password }) => {
    setErrors([]);
    try {
      onAdded(await create.mutateAsync({ email, name, role, ...(password ? { password } : {}) }));
    } catch (error) {
      setErrors(submitFailure(form, error, ['email', 'name', 'password'], t('staff.add.failed')));
    }
  });
  const password = fieldProps(form, 'password', t);
  return (
    <FormDialog
      open={open}
      idPrefix="add-member"
      title={t('staff.add.title')}
      errors={errors}
      submitting={form.isSubmitting}
      submitLabel={t('staff.add.submit')}
      submitTestId="member-add-submit"
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextInput {...fieldProps(form, 'email', t)} id="member-email" label={t('staff.add.email')} type="email" autoComplete="off" required autoFocus />
      <TextInput {...fieldProps(form, 'name', t)} id="member-name" label={t('staff.add.name')} autoComplete="off" required />
      <RoleField value={role} onChange={setRole} label={t('staff.add.role')} testId="member-role" />
      <TextInput
        {...password}
        id="member-password"
        label={t('staff.add.password')}
        autoComplete="new-password"
        helperText={form.errors.password ? password.helperText : t('staff.add.passwordHint')}
      />
    </FormDialog>
  );
}
