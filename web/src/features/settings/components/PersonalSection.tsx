import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '@pc/core/contracts/settings';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useSavePersonal } from '../api/save-personal.ts';
import { applyServerErrors } from '../../../components/form/form-helpers.ts';
import { settingsField } from './settings-field.ts';
import { emailChangeSchema, personalSchema } from './schemas.ts';


const PERSONAL_FIELDS = ['first_name', 'last_name', 'contact'] as const;

/** Personal info: the e-mail (with its change by link) and the name and contact details. */
export function PersonalSection({ settings }: { settings: SettingsAnswer }) {
  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      <EmailBlock email={settings.email} pending={settings.pending_email} />
      <PersonalForm settings={settings} />
    </Stack>
  );
}

function EmailBlock({ email, pending }: { email: string; pending: string | null }) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useSchemaForm(emailChangeSchema, { email: '' });
  const change = useChangeEmail({
    onSuccess: (answer, body) => {
      setEditing(false);
      form.setValue('email', '', { check: false });
      feedback.snackbar(answer?.message || t('email.sent', { email: body.email }));
    },
    onRefused: (error) => setFormError(applyServerErrors(form, error, ['email'])),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError([]);
    change.mutate(values);
  });

  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('email.label')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="current-email">
          <bdi>{email}</bdi>
        </Typography>
        {editing ? null : (
          <Button size="small" onClick={() => setEditing(true)} data-testid="change-email">
            {t('email.change')}
          </Button>
        )}
      </Stack>
      {pending ? (
        <Alert
          severity="info"
          icon={<MarkEmailUnreadOutlined />}
          sx={{ mt: 1.5 }}
          data-testid="pending-email"
        >
          {t('email.pending', { email: pending })}
        </Alert>
      ) : null}
      {editing ? (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('email.formLabel')} sx={{ mt: 2 }}>
          {formError.length ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="email-form-error">
              {formError.join(' ')}
            </Alert>
          ) : null}
          <TextField
            {...settingsField(form, 'email', t, { hint: t('email.hint') })}
            type="email"
            label={t('email.newLabel')}
            autoComplete="email"
            autoFocus
            required
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" loading={change.isPending}>
              {t('email.submit')}
            </Button>
            <Button
              color="inherit"
              disabled={change.isPending}
              onClick={() => {
                setEditing(false);
                setFormError([]);
                form.clearError('email');
              }}
            >
              {t('cancel')}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </Box>
  );
}

function PersonalForm({ settings }: { settings: SettingsAnswer }) {
  const { t } = useTranslation('settings');
  const [formError, setFormError] = useState<string[]>([]);
  const form = useSchemaForm(personalSchema, {
    first_name: settings.first_name,
    last_name: settings.last_name,
    contact: settings.contact,
  });
  const save = useSavePersonal({
    onSuccess: (answer) => feedback.snackbar(answer?.message || t('personal.saved')),
    onRefused: (error) => setFormError(applyServerErrors(form, error, PERSONAL_FIELDS)),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError([]);
    save.mutate(values);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('personal.formLabel')}>
      {formError.length ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="personal-form-error">
          {formError.join(' ')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TextField {...settingsField(form, 'first_name', t)} label={t('personal.firstName')} autoComplete="given-name" />
        <TextField {...settingsField(form, 'last_name', t)} label={t('personal.lastName')} autoComplete="family-name" />
      </Box>
      <TextField
        {...settingsField(form, 'contact', t, { hint: t('personal.contactHint') })}
        label={t('personal.contact')}
        autoComplete="off"
      />
      <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 1 }} data-testid="save-personal">
        {t('personal.save')}
      </Button>
    </Box>
  );
}
