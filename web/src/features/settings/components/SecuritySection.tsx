import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import type { SettingsAnswer } from '@pc/core/contracts/settings';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { settingsQueryOptions } from '../api/get-settings.ts';
import { useSaveSecurity, type SecurityOptionsBody } from '../api/save-security.ts';
import { applyServerErrors } from '../../../components/form/form-helpers.ts';
import { settingsField } from './settings-field.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { securityCodeSchema, type SecurityCodeValues } from './schemas.ts';


type Security = SettingsAnswer['security'];
type OptionName = 'login_limit_enabled' | 'captcha_enabled';

/**
 * Security options: the security code (status, set or change with its confirmation, remove), the login-attempt
 * limit and the captcha. Every change needs the account password: the server answers 403
 * need_security_password, the app-wide security check asks for it and repeats the call.
 */
export function SecuritySection({ settings, product }: { settings: SettingsAnswer; product: ProductSettingsAnswer }) {
  const { security } = settings;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Box>
        <CodeStatus security={security} />
        <CodeForm
          codeSet={security.code_set}
          limits={{ min: product.security.code_min_length, max: product.security.code_max_length }}
          freezeDays={product.security.code_freeze_days}
        />
      </Box>
      <Options security={security} failedLoginLimit={product.security.failed_login_limit} />
    </Stack>
  );
}

/** Not set, set (with the date of the last change), or changed and protected operations frozen until a date. */
function CodeStatus({ security }: { security: Security }) {
  const { t } = useTranslation('settings');
  const { code_set: set, code_changed_at: changedAt, frozen_until: frozenUntil } = security;
  const [severity, text] = frozenUntil
    ? ([
        'warning',
        changedAt
          ? t('code.statusFrozen', { changedAt: formatDateTime(changedAt), frozenUntil: formatDateTime(frozenUntil) })
          : t('code.statusFrozenUntil', { frozenUntil: formatDateTime(frozenUntil) }),
      ] as const)
    : set
      ? (['success', changedAt ? t('code.statusSetOn', { date: formatDateTime(changedAt) }) : t('code.statusSet')] as const)
      : (['info', t('code.statusNotSet')] as const);
  return (
    <Alert severity={severity} sx={{ mb: 2 }} data-testid="code-status" data-state={frozenUntil ? 'frozen' : set ? 'set' : 'not-set'}>
      {text}
    </Alert>
  );
}

function CodeForm({
  codeSet,
  limits,
  freezeDays,
}: {
  codeSet: boolean;
  limits: { min: number; max: number };
  freezeDays: number;
}) {
  const { t } = useTranslation('settings');
  const { min, max } = limits;
  const schema = useMemo(() => securityCodeSchema({ min, max }), [min, max]);
  const form = useSchemaForm<SecurityCodeValues>(schema, { code: '', code_confirmation: '' });
  const [formError, setFormError] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<'change' | 'remove' | null>(null);
  const [pendingValues, setPendingValues] = useState<SecurityCodeValues | null>(null);

  const save = useSaveSecurity({
    onSuccess: (answer, body) => {
      form.setValue('code', '', { check: false });
      form.setValue('code_confirmation', '', { check: false });
      form.clearError('code');
      form.clearError('code_confirmation');
      feedback.snackbar(answer?.message || (body.remove_code ? t('code.removed') : t('code.saved')));
    },
    onRefused: (error) => setFormError(applyServerErrors(form, error, ['code', 'code_confirmation'])),
  });

  const send = (body: SecurityOptionsBody) => {
    setFormError([]);
    save.mutate(body);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (codeSet) {
      // A change freezes protected operations: the partner confirms knowing for how long.
      setPendingValues(values);
      setConfirming('change');
      return;
    }
    send(values);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('code.formLabel')}>
      <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="code-warning">
        {codeSet ? t('code.changeWarning', { count: freezeDays }) : t('code.setWarning', { count: freezeDays })}
      </Alert>
      {formError.length ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="code-form-error">
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
        <PasswordInput
          {...settingsField(form, 'code', t, { params: limits, hint: t('code.hint', limits) })}
          label={codeSet ? t('code.newCode') : t('code.code')}
          autoComplete="off"
          required
        />
        <PasswordInput
          {...settingsField(form, 'code_confirmation', t, { params: limits })}
          label={t('code.confirmation')}
          autoComplete="off"
          required
        />
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending && !save.variables?.remove_code}
          disabled={save.isPending}
          data-testid="save-code"
        >
          {codeSet ? t('code.change') : t('code.set')}
        </Button>
        {codeSet ? (
          <Button
            variant="outlined"
            color="error"
            loading={save.isPending && Boolean(save.variables?.remove_code)}
            disabled={save.isPending}
            onClick={() => setConfirming('remove')}
            data-testid="remove-code"
          >
            {t('code.remove')}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming === 'change'}
        title={t('code.confirmChangeTitle')}
        message={t('code.confirmChangeMessage', { count: freezeDays })}
        confirmLabel={t('code.change')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          if (pendingValues) send(pendingValues);
        }}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        title={t('code.confirmRemoveTitle')}
        message={t('code.confirmRemoveMessage', { count: freezeDays })}
        confirmLabel={t('code.remove')}
        danger
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          send({ remove_code: true });
        }}
      />
    </Box>
  );
}

function Options({ security, failedLoginLimit }: { security: Security; failedLoginLimit: number }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const toggle = useSaveSecurity({
    onSuccess: (answer, body) => {
      // The switch keeps its new position while the settings are read again.
      queryClient.setQueryData(settingsQueryOptions({}).queryKey, (old) =>
        old ? { ...old, security: { ...old.security, ...pickOptions(body) } } : old,
      );
      feedback.snackbar(answer?.message || t('options.saved'));
    },
    onRefused: (error) => feedback.snackbar(error.serverMessage || t('options.failed')),
  });
  const value = (name: OptionName) => {
    const requested = toggle.isPending ? toggle.variables?.[name] : undefined;
    return requested ?? security[name];
  };
  const options: Array<{ name: OptionName; label: string; description: string }> = [
    {
      name: 'login_limit_enabled',
      label: t('options.loginLimit'),
      description: t('options.loginLimitHint', { count: failedLoginLimit }),
    },
    { name: 'captcha_enabled', label: t('options.captcha'), description: t('options.captchaHint') },
  ];
  return (
    <Stack spacing={2}>
      {options.map(({ name, label, description }) => (
        <Box key={name}>
          <FormControlLabel
            control={
              <Switch
                checked={value(name)}
                disabled={toggle.isPending}
                onChange={(event) => toggle.mutate({ [name]: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': `option-${name}-hint` } }}
                data-testid={`option-${name}`}
              />
            }
            label={label}
          />
          <Typography variant="body2" color="text.secondary" id={`option-${name}-hint`}>
            {description}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function pickOptions(body: SecurityOptionsBody): Partial<Pick<Security, OptionName>> {
  const out: Partial<Pick<Security, OptionName>> = {};
  if (body.login_limit_enabled !== undefined) out.login_limit_enabled = body.login_limit_enabled;
  if (body.captcha_enabled !== undefined) out.captcha_enabled = body.captcha_enabled;
  return out;
}
