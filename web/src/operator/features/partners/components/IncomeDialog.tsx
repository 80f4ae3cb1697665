import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { PROJECTS, type ProjectId } from '@pc/core/projects';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { useAddIncome } from '../api/add-income.ts';
import { incomeMicro } from './income-amount.ts';

/**
 * Additional income (additional_income.write): project, amount in USD as a credit or a debit, reason; then a
 * confirmation that says what will happen, and only then the call. A refusal's message stays in the dialog.
 */
export function IncomeDialog({ open, partnerId, email, projects, onClose }: { open: boolean; partnerId: number; email: string; projects: ProjectId[]; onClose(): void }) {
  const { t } = useTranslation('console');
  const add = useAddIncome();
  const choices = projects.length ? projects : [...PROJECTS];
  const [project, setProject] = useState<ProjectId>(choices[0]!);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setProject(choices[0]!);
      setDirection('credit');
      setAmount('');
      setReason('');
      setTouched(false);
      setConfirming(false);
      setError(null);
    }
  }, [open]);
  const micro = incomeMicro(amount, direction);
  const missingReason = reason.trim() === '';
  const close = () => (add.isPending ? undefined : onClose());

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="income-dialog-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (micro === null || missingReason) return;
          if (!confirming) {
            setConfirming(true);
            return;
          }
          setError(null);
          add.mutate(
            { id: partnerId, body: { project, amount: micro, reason: reason.trim() } },
            {
              onSuccess: () => {
                feedback.snackbar(t('partners.income.done', { amount: formatMoney(micro), project: project.toUpperCase() }));
                onClose();
              },
              onError: (e) => setError(refusalMessage(e, t('partners.income.failed'))),
            },
          );
        }}
      >
        <DialogTitle id="income-dialog-title">{confirming ? t('partners.income.confirmTitle') : t('partners.income.title')}</DialogTitle>
        <DialogContent>
          {confirming && micro !== null ? (
            <DialogContentText data-testid="income-confirm-text">
              {t(direction === 'credit' ? 'partners.income.confirmCredit' : 'partners.income.confirmDebit', { amount: formatMoney(Math.abs(micro)), project: project.toUpperCase(), email, reason: reason.trim() })}
            </DialogContentText>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <DialogContentText>{t('partners.income.intro', { email })}</DialogContentText>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <TextField select size="small" fullWidth={false} label={t('partners.income.project')} value={project} onChange={(e) => setProject(e.target.value as ProjectId)} sx={{ minWidth: 120 }} slotProps={{ htmlInput: { 'data-testid': 'income-project' } }}>
                  {choices.map((p) => (
                    <MenuItem key={p} value={p}>
                      {p.toUpperCase()}
                    </MenuItem>
                  ))}
                </TextField>
                <ToggleButtonGroup size="small" exclusive value={direction} onChange={(_, next: 'credit' | 'debit' | null) => next && setDirection(next)} aria-label={t('partners.income.direction')}>
                  <ToggleButton value="credit" data-testid="income-credit">
                    {t('partners.income.credit')}
                  </ToggleButton>
                  <ToggleButton value="debit" data-testid="income-debit">
                    {t('partners.income.debit')}
                  </ToggleButton>
                </ToggleButtonGroup>
              </Box>
              <TextField
                size="small"
                label={t('partners.income.amount')}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={touched && micro === null}
                helperText={touched && micro === null ? t('partners.income.amountInvalid') : t('partners.income.amountHint')}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'income-amount' } }}
              />
              <TextField
                multiline
                minRows={2}
                label={t('reason.label')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={touched && missingReason}
                helperText={touched && missingReason ? t('reason.required') : t('partners.income.reasonHint')}
                slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'income-reason' } }}
              />
            </Box>
          )}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="income-error">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={confirming ? () => setConfirming(false) : close} disabled={add.isPending} color="inherit">
            {confirming ? t('partners.income.back') : t('actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} variant="contained" color={direction === 'debit' ? 'error' : 'primary'} data-testid="income-submit">
            {confirming ? t('partners.income.confirm') : t('partners.income.next')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
