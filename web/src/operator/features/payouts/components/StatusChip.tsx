import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  created: 'info',
  review: 'warning',
  process: 'warning',
  accepted: 'success',
  rejected: 'error',
  deleted: 'default',
};

/** A payout request's status as a small coloured chip. */
export function StatusChip({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('console');
  return <Chip size="small" variant="outlined" color={COLORS[status] ?? 'default'} label={t(`payouts.statuses.${status}`, { defaultValue: status })} data-testid={testId} />;
}
