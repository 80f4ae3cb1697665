import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { PayoutsInfoAnswer } from '@pc/core/contracts/payouts';
import type { PayoutSystem } from '@pc/core/product';
import { PAYOUT_SYSTEM_FIELDS } from '@pc/core/rules/payouts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { currentLocale, formatMoney } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useAddPurse } from '../api/add-purse.ts';
import { refusalOf } from './server-errors.ts';
import { formatFee } from './terms.ts';

/** How many years ahead a card's expiry year may be picked. */
const CARD_YEARS_AHEAD = 15;

interface FieldSpec {
  /** The choices of a field picked from a list. */
  options?: { value: string; label: string }[];
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
}

function fieldSpec(system: PayoutSystem, field: string, info: PayoutsInfoAnswer, now: Date): FieldSpec {
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  switch (field) {
    case 'currency':
      return { options: plain(system === 'bank_tr' ? info.bank_tr_currencies : info.card_currencies) };
    case 'bank_name':
      return { options: plain(info.turkish_banks) };
    case 'month': {
      const name = new Intl.DateTimeFormat(currentLocale(), { month: 'long', timeZone: 'UTC' });
      return {
        options: Array.from({ length: 12 }, (_, i) => {
          const value = String(i + 1).padStart(2, '0');
          return { value, label: `${value} · ${name.format(Date.UTC(2000, i, 1))}` };
        }),
      };
    }
    case 'year': {
      const first = now.getUTCFullYear();
      return { options: plain(Array.from({ length: CARD_YEARS_AHEAD + 1 }, (_, i) => String(first + i))) };
    }
    case 'email':
      return { type: 'email', autoComplete: 'email', inputMode: 'email' };
    case 'number':
      return { autoComplete: 'cc-number', inputMode: 'numeric' };
    case 'first_name':
      return { autoComplete: system === 'card' ? 'cc-given-name' : 'given-name' };
    case 'last_name':
      return { autoComplete: system === 'card' ? 'cc-family-name' : 'family-name' };
    default:
      return { autoComplete: 'off' };
  }
}

/**
 * The add-wallet form: a payout system (one that takes new wallets now), then only that system's fields in the
 * order the server gives. Every field is required; the server checks formats and checksums, and its 422
 * messages land on their fields. Success shows its message (a confirmation link was e-mailed).
 */
export function AddWalletDialog({
  open,
  info,
  onClose,
}: {
  open: boolean;
  info: PayoutsInfoAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation('payouts');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="add-wallet-title"
    >
      <DialogTitle id="add-wallet-title">{t('addWallet.title')}</DialogTitle>
      {open ? <AddWalletForm info={info} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AddWalletForm({ info, onClose }: { info: PayoutsInfoAnswer; onClose: () => void }) {
  const { t } = useTranslation(['payouts', 'dialogs']);
  const add = useAddPurse();
  const [system, setSystem] = useState<PayoutSystem | ''>(
    info.active_purses_types.length === 1 ? info.active_purses_types[0]! : '',
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [now] = useState(() => new Date());
  const terms = system ? info.purses_types.find((s) => s.type === system) : undefined;
  const fields = system ? (terms?.fields ?? [...PAYOUT_SYSTEM_FIELDS[system]]) : [];
  const label = (field: string) => t(`addWallet.fields.${field}`);
  const hint = (field: string) => (t(`addWallet.hints.${field}`, { defaultValue: '' }) as string) || ' ';

  const requiredErrors = (next: Record<string, string>) =>
    Object.fromEntries(
      fields.filter((f) => !next[f]?.trim()).map((f) => [f, t('addWallet.required', { field: label(f) })]),
    );

  const change = (field: string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((prev) => {
      const rest = { ...prev };
      delete rest[field];
      const missing = submitted ? requiredErrors(next)[field] : undefined;
      return missing ? { ...rest, [field]: missing } : rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setGeneral([]);
    if (!system) {
      setErrors({ type: t('addWallet.required', { field: t('addWallet.system') }) });
      return;
    }
    const missing = requiredErrors(values);
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`wallet-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    const body = Object.fromEntries(fields.map((f) => [f, values[f]!.trim()]));
    // The answer is taken from mutateAsync's promise, not from mutate's per-call callbacks: TanStack Query calls
    // those only while the form's observer has a listener when the write settles, and on a loaded machine the form
    // was once left open on a wallet already added.
    add.mutateAsync({ type: system, fields: body }).then(
      (answer) => {
        onClose();
        feedback.message('success', t('addWallet.sentTitle'), answer?.message || t('addWallet.sent'));
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) return;
        const refusal = refusalOf(error, ['type', ...fields], t('addWallet.failed'));
        setErrors(refusal.fields);
        setGeneral(refusal.general);
        const first = fields.find((f) => refusal.fields[f]);
        if (first) document.getElementById(`wallet-${first}`)?.focus();
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'contents' }}
      data-testid="add-wallet-form"
    >
      <DialogContent dividers>
        {info.active_purses_types.length === 0 ? (
          <Alert severity="info">{t('addWallet.noSystems')}</Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TextField
              select
              required
              id="wallet-type"
              label={t('addWallet.system')}
              value={system}
              onChange={(event) => {
                setSystem(event.target.value as PayoutSystem);
                setValues({});
                setErrors({});
                setGeneral([]);
                setSubmitted(false);
              }}
              error={Boolean(errors.type)}
              helperText={
                errors.type ||
                (terms
                  ? t('terms.summary', { fee: formatFee(t, terms), minimum: formatMoney(terms.min_payout) })
                  : t('addWallet.chooseSystem'))
              }
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
            >
              {info.active_purses_types.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`systems.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {system
              ? fields.map((field) => {
                  const spec = fieldSpec(system, field, info, now);
                  const common = {
                    id: `wallet-${field}`,
                    name: field,
                    label: label(field),
                    required: true,
                    value: values[field] ?? '',
                    error: Boolean(errors[field]),
                    helperText: errors[field] || hint(field),
                  };
                  return spec.options ? (
                    <TextField
                      key={field}
                      select
                      {...common}
                      onChange={(event) => change(field, event.target.value)}
                      slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
                    >
                      {spec.options.map((option) => (
                        <MenuItem key={option.value} value={option.value}>
                          {option.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    <TextField
                      key={field}
                      {...common}
                      type={spec.type ?? 'text'}
                      autoComplete={spec.autoComplete}
                      onChange={(event) => change(field, event.target.value)}
                      slotProps={{
                        htmlInput: {
                          inputMode: spec.inputMode,
                          dir: field === 'first_name' || field === 'last_name' ? undefined : 'ltr',
                        },
                      }}
                    />
                  );
                })
              : null}
          </Box>
        )}
        {system ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('addWallet.allRequired')}
          </Typography>
        ) : null}
        {general.length ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="add-wallet-error">
            {general.join(' ')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={add.isPending}>
          {t('addWallet.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={add.isPending}
          disabled={info.active_purses_types.length === 0}
        >
          {t('addWallet.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}
