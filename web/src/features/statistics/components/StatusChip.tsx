import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { SaleStatus } from '@pc/core/product';

const COLOR: Record<SaleStatus, 'success' | 'warning' | 'default' | 'error'> = {
  ok: 'success',
  hold: 'warning',
  void: 'default',
  refund: 'error',
};

/** A sale's status: ok, on hold (inside the refund window), void, refunded. */
export function SaleStatusChip({ status }: { status: SaleStatus }) {
  const { t } = useTranslation('stats');
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`sales.statuses.${status}`)} />;
}
