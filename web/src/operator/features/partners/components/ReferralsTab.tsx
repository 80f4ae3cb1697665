import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { useReferrals, type ReferralRow } from '../api/get-referrals.ts';

/** The partners this one brought: first level (signed up by their link) and second (brought by those). */
export function ReferralsTab({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const referrals = useReferrals(id);
  const columns: TableColumn<ReferralRow>[] = [
    {
      field: 'id',
      header: t('partners.columns.id'),
      minWidth: 80,
      flex: 0.5,
      value: (r) => `#${r.id}`,
      render: (r) => (
        <Link component={RouterLink} to={`/partners/${r.id}`} data-testid={`referral-open-${r.id}`}>
          #{r.id}
        </Link>
      ),
    },
    { field: 'email', header: t('partners.columns.email'), minWidth: 200, flex: 1.5 },
    { field: 'level', header: t('partners.referrals.level'), minWidth: 120, value: (r) => t(`partners.referrals.levels.${r.level}`) },
    { field: 'created_at', header: t('partners.columns.created'), kind: 'datetime', minWidth: 160 },
  ];
  if (referrals.isError && !referrals.data) return <ErrorState error={referrals.error} onRetry={() => void referrals.refetch()} />;
  return (
    <Box data-testid="partner-referrals">
      <DataTable label={t('partners.referrals.tableLabel')} columns={columns} rows={referrals.data?.data ?? []} getRowId={(r) => r.id} loading={referrals.isFetching} emptyTitle={t('partners.referrals.empty')} export={{ fileName: `partner-${id}-referrals` }} />
    </Box>
  );
}
