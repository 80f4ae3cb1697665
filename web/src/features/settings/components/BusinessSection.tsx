import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { BusinessDetailsAnswer } from '@pc/core/contracts/statements';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { applyServerErrors } from '../../../components/form/form-helpers.ts';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { useSaveBusinessDetails } from '../api/save-business-details.ts';
import { settingsField } from './settings-field.ts';

const BUSINESS_FIELDS = ['name', 'address', 'tax_id', 'vat_number'] as const;
const TOO_LONG = 'screen.business.tooLong';
/** The server's limits (core's businessDetailsBody), checked here first; every field may stay empty. */
const businessSchema = z.object({
  name: z.string().check(z.trim(), z.maxLength(120, TOO_LONG)),
  address: z.string().check(z.trim(), z.maxLength(300, TOO_LONG)),
  tax_id: z.string().check(z.trim(), z.maxLength(40, TOO_LONG)),
  vat_number: z.string().check(z.trim(), z.maxLength(40, TOO_LONG)),
});

/** Business details printed on payout statements (decision 0205): all optional. */
export function BusinessSection({ details }: { details: BusinessDetailsAnswer }) {
  const { t } = useTranslation('statements');
  const [formError, setFormError] = useState<string[]>([]);
  const form = useSchemaForm(businessSchema, { ...details });
  const save = useSaveBusinessDetails({
    onSuccess: (answer) => feedback.snackbar(answer?.message || t('screen.business.saved')),
    onRefused: (error) => setFormError(applyServerErrors(form, error, BUSINESS_FIELDS)),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError([]);
    save.mutate(values);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('screen.business.formLabel')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('screen.business.hint')}
      </Typography>
      {formError.length ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="business-form-error">
          {formError.join(' ')}
        </Alert>
      ) : null}
      <TextField {...settingsField(form, 'name', t)} label={t('screen.business.name')} autoComplete="organization" />
      <TextField
        {...settingsField(form, 'address', t)}
        label={t('screen.business.address')}
        autoComplete="street-address"
        multiline
        minRows={2}
      />
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TextField {...settingsField(form, 'tax_id', t)} label={t('screen.business.taxId')} autoComplete="off" />
        <TextField {...settingsField(form, 'vat_number', t)} label={t('screen.business.vatNumber')} autoComplete="off" />
      </Box>
      <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 1 }} data-testid="save-business">
        {t('screen.business.save')}
      </Button>
    </Box>
  );
}
