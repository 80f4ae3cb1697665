import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BuyerRow } from '@pc/core/contracts/buyers';

const COLOR: Record<BuyerRow['status'], 'success' | 'default' | 'error'> = {
  active: 'success',
  refunded: 'default',
  fraud_flagged: 'error',
};

/** A buyer's status: active, refunded (the latest purchase was refunded or voided) or fraud-flagged (wins). */
export function BuyerStatusChip({ status }: { status: BuyerRow['status'] }) {
  const { t } = useTranslation('buyers');
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`statuses.${status}`)} />;
}
