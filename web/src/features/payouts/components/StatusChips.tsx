import Chip from '@mui/material/Chip';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { useTranslation } from 'react-i18next';
import type { PurseRow } from '@pc/core/contracts/payouts';
import type { PayoutStatus } from '@pc/core/rules/payouts';
import { formatDateTime } from '../../../lib/format.ts';

const WALLET_COLOR = { waiting_confirmation: 'info', on_hold: 'warning', active: 'success' } as const;

/** Where a wallet stands: waiting for its e-mailed link, in its waiting period until a date, or active. */
export function WalletStateChip({ wallet }: { wallet: Pick<PurseRow, 'state' | 'active_from'> }) {
  const { t } = useTranslation('payouts');
  const date = wallet.active_from ? formatDateTime(wallet.active_from) : '';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={WALLET_COLOR[wallet.state]}
      label={t(`wallets.states.${wallet.state}`, { date })}
      data-testid="wallet-state"
    />
  );
}

const PAYOUT_COLOR: Record<PayoutStatus, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  created: 'default',
  review: 'info',
  process: 'primary',
  accepted: 'success',
  rejected: 'error',
  deleted: 'default',
};

/** A payout request's status with the names the partner sees (docs/product.md#payouts; created, In progress, Payout processing, Completed…). */
export function PayoutStatusChip({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Chip
      size="small"
      variant={status === 'deleted' ? 'outlined' : 'filled'}
      color={PAYOUT_COLOR[status]}
      label={t(`history.statuses.${status}`)}
    />
  );
}

/** A request made by the partner's automatic payouts (decision 0202): a small label beside its status. */
export function AutomaticLabel() {
  const { t } = useTranslation('payouts');
  return (
    <Chip
      size="small"
      variant="outlined"
      color="info"
      icon={<AutorenewOutlined />}
      label={t('auto.label')}
      title={t('auto.labelHint')}
      data-testid="payout-automatic"
    />
  );
}
