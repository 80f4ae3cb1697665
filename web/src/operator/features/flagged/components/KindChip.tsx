import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { FlaggedSaleKind } from '@pc/core/contracts/console-lists-flagged';

const COLOR = { fraud: 'error', refund: 'warning', both: 'error' } as const;

/** Why a sale is flagged: fraud, refunded, or both. */
export function KindChip({ kind }: { kind: FlaggedSaleKind }) {
  const { t } = useTranslation('console');
  return <Chip size="small" variant={kind === 'both' ? 'filled' : 'outlined'} color={COLOR[kind]} label={t(`flagged.saleKinds.${kind}`)} data-testid={`flagged-kind-${kind}`} />;
}
