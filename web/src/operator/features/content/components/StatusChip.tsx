import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ContentStatus } from '@pc/core/contracts/console-lists-content';

const COLORS = { scheduled: 'info', published: 'success', withdrawn: 'default' } as const;

export function ContentStatusChip({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('console');
  return <Chip size="small" variant={status === 'withdrawn' ? 'outlined' : 'filled'} color={COLORS[status]} label={t(`content.status.${status}`)} />;
}
