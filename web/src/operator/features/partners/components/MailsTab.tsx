import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { useMails, type MailRow } from '../api/get-mails.ts';

const STATUS_COLOR: Record<MailRow['status'], 'success' | 'error' | 'warning' | 'default'> = { sent: 'success', failed: 'error', pending: 'warning', kept: 'default' };

/** The mails sent to the partner's address: subject, kind, language, when, and whether they went out (never bodies or links). */
export function MailsTab({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const mails = useMails(id);
  const columns: TableColumn<MailRow>[] = [
    { field: 'created_at', header: t('partners.mails.columns.date'), kind: 'datetime', minWidth: 160 },
    { field: 'subject', header: t('partners.mails.columns.subject'), minWidth: 220, flex: 2 },
    { field: 'kind', header: t('partners.mails.columns.kind'), minWidth: 150, value: (r) => t(`partners.mails.kinds.${r.kind}`, { defaultValue: r.kind }) },
    { field: 'lang', header: t('partners.mails.columns.lang'), minWidth: 80, flex: 0.4, value: (r) => r.lang.toUpperCase() },
    {
      field: 'status',
      header: t('partners.mails.columns.status'),
      minWidth: 130,
      value: (r) => t(`partners.mails.statuses.${r.status}`),
      render: (r) => <Chip size="small" variant="outlined" color={STATUS_COLOR[r.status]} label={t(`partners.mails.statuses.${r.status}`)} data-testid={`mail-status-${r.id}`} />,
    },
  ];
  if (mails.isError && !mails.data) return <ErrorState error={mails.error} onRetry={() => void mails.refetch()} />;
  return (
    <Box data-testid="partner-mails">
      <DataTable label={t('partners.mails.tableLabel')} columns={columns} rows={mails.data?.data ?? []} getRowId={(r) => r.id} loading={mails.isFetching} emptyTitle={t('partners.mails.empty')} />
    </Box>
  );
}
