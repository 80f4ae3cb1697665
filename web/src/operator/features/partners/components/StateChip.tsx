import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PartnerRow } from '../api/search-partners.ts';

/** A partner's state: active or blocked by staff, and the failed-password lock beside it. */
export function StateChip({ status, testId }: { status: PartnerRow['status']; testId?: string }) {
  const { t } = useTranslation('console');
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" color={status.state === 'blocked' ? 'error' : 'success'} label={t(`partners.states.${status.state}`)} />
      {status.sign_in_locked ? <Chip size="small" variant="outlined" color="warning" label={t('partners.states.locked')} /> : null}
    </span>
  );
}
