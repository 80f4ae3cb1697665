import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { TextInput } from '../../../../components/form/TextInput.tsx';
import { useSchemaForm } from '../../../../components/form/useSchemaForm.ts';
import { fieldProps, submitFailure } from '../../../../components/form/form-helpers.ts';
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
    <Dialog open onClose={form.isSubmitting ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="create-token-title">
      <DialogTitle id="create-token-title">{t('tokens.create.title')}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <Stack spacing={2}>
            {errors.map((message) => (
              <Alert key={message} severity="error">
                {message}
              </Alert>
            ))}
            <TextInput {...fieldProps(form, 'name', t)} id="token-name" label={t('tokens.create.name')} autoComplete="off" required autoFocus />
            <RoleField value={role} onChange={setRole} label={t('tokens.create.role')} testId="token-role" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={form.isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.isSubmitting} data-testid="token-create-submit">
            {t('tokens.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
