import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import type { BuyerRow } from '@pc/core/contracts/buyers';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { LoadingBlock, Panel, QueryError } from '../../../components/layout/QueryState.tsx';
import { StatCard } from '../../../components/layout/StatCard.tsx';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format.ts';
import { useBuyers } from '../api/get-buyers.ts';
import { useCohorts } from '../api/get-cohorts.ts';
import { BuyerStatusChip } from '../components/BuyerStatusChip.tsx';
import { CohortsPanel } from '../components/CohortsPanel.tsx';

/**
 * Buyers (decision 0201): the premium buyers the partner's files and links brought in the last 24 months, each
 * with the first purchase, rebills and what they earned the partner; then the cohorts by month of first purchase.
 */
export default function BuyersPage() {
  const { t } = useTranslation('buyers');
  // "No tag" in the Tags screen's words (its namespace loads with this page).
  const { t: tagsT } = useTranslation('tags');
  const app = useParams().app as ProjectId;
  const buyers = useBuyers({ app });
  const cohorts = useCohorts({ app });
  const answer = buyers.data;
  const loading = !answer && buyers.isPending;
  const list = answer?.data ?? [];

  // The figures a partner looks for first come first; the rest scroll on narrow screens.
  const columns: TableColumn<BuyerRow>[] = [
    { field: 'email', header: t('table.email'), minWidth: 205, flex: 1, hideable: false, render: (row) => <span dir="ltr">{row.email}</span> },
    { field: 'first_purchase', header: t('table.firstPurchase'), kind: 'day', minWidth: 125, sortable: true, value: (row) => row.first_purchase.slice(0, 10) },
    { field: 'earned', header: t('table.earned'), kind: 'money', sortable: true, minWidth: 110 },
    { field: 'rebills', header: t('table.rebills'), kind: 'count', sortable: true, minWidth: 90 },
    {
      field: 'status',
      header: t('table.status'),
      minWidth: 150,
      sortable: true,
      value: (row) => t(`statuses.${row.status}`),
      render: (row) => <BuyerStatusChip status={row.status} />,
    },
    { field: 'first_revenue_type', header: t('table.revenueType'), minWidth: 150, sortable: true, value: (row) => t(`revenueTypes.${row.first_revenue_type}`) },
    {
      field: 'first_source',
      header: t('table.source'),
      minWidth: 140,
      sortable: true,
      value: (row) => row.first_source || t('table.noSource'),
      render: (row) => (row.first_source ? <span dir="ltr">{row.first_source}</span> : <Typography component="span" variant="body2" color="text.secondary">{t('table.noSource')}</Typography>),
    },
    {
      // The link the buyer first bought by (decision 0206): the first purchase's sub-ID tag.
      field: 'first_sub_id',
      header: t('table.tag'),
      minWidth: 130,
      sortable: true,
      value: (row) => row.first_sub_id || tagsT('noTag'),
      render: (row) =>
        row.first_sub_id ? (
          <span dir="ltr">{row.first_sub_id}</span>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {tagsT('noTag')}
          </Typography>
        ),
    },
    { field: 'purchases', header: t('table.purchases'), kind: 'count', sortable: true, minWidth: 100 },
    { field: 'last_purchase', header: t('table.lastPurchase'), kind: 'day', minWidth: 125, sortable: true, value: (row) => row.last_purchase.slice(0, 10) },
  ];

  return (
    <PageLayout updatedAt={buyers.dataUpdatedAt}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('intro', { date: answer ? formatDay(answer.since) : '…' })}
        </Typography>
        <QueryError query={buyers} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <StatCard testId="stat-buyers" loading={loading} label={t('stats.buyers')} value={formatNumber(list.length)} />
          <StatCard testId="stat-active" loading={loading} label={t('stats.active')} value={formatNumber(list.filter((b) => b.status === 'active').length)} />
          <StatCard testId="stat-rebills" loading={loading} label={t('stats.rebills')} value={formatNumber(list.reduce((s, b) => s + b.rebills, 0))} />
          <StatCard testId="stat-earned" loading={loading} label={t('stats.earned')} value={formatMoney(list.reduce((s, b) => s + b.earned, 0))} />
        </Box>
        <Panel id="buyers" title={t('table.title')}>
          <DataTable
            label={t('table.label')}
            columns={columns}
            rows={list}
            getRowId={(row) => row.id}
            loading={buyers.isFetching}
            initialSort={{ key: 'first_purchase', dir: 'desc' }}
            emptyTitle={t('empty')}
            emptyMessage={t('emptyHint')}
            export={{ fileName: `buyers-${app}` }}
          />
          {answer && answer.unidentified.sales > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="unidentified">
              {t('unidentified', { n: formatNumber(answer.unidentified.sales), amount: formatMoney(answer.unidentified.earned) })}
            </Typography>
          ) : null}
        </Panel>
        {cohorts.isError ? (
          <QueryError query={cohorts} />
        ) : cohorts.data ? (
          <CohortsPanel answer={cohorts.data} loading={cohorts.isFetching} app={app} />
        ) : (
          <LoadingBlock height={320} />
        )}
      </Stack>
    </PageLayout>
  );
}
