import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState, SectionTitle } from '../../../../components/layout/QueryState.tsx';
import { StatCard } from '../../../../components/layout/StatCard.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../../../lib/format.ts';
import { useOverview, type ConsoleOverviewAnswer } from '../api/get-overview.ts';

type Waiting = ConsoleOverviewAnswer['payouts_waiting'][number];

/** How long a request has waited, in the largest whole unit (days, hours or minutes) through Intl. */
export function waitedFor(seconds: number, locale?: string): string {
  const [value, unit] = seconds >= 86_400 ? [Math.floor(seconds / 86_400), 'day'] : seconds >= 3600 ? [Math.floor(seconds / 3600), 'hour'] : [Math.max(0, Math.floor(seconds / 60)), 'minute'];
  return new Intl.NumberFormat(locale ?? document.documentElement.lang ?? 'en', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } } as const;

/** Overview (overview.read): the programme's money and sign-ups at a glance, and the payouts waiting. */
export default function OverviewPage() {
  const { t } = useTranslation('console');
  const overview = useOverview();
  const o = overview.data;
  const loading = !o;
  const money = (micro: number | undefined) => (micro === undefined ? '' : formatMoney(micro));
  const count = (n: number | undefined) => (n === undefined ? '' : formatNumber(n));

  const columns: TableColumn<Waiting>[] = [
    { field: 'status', header: t('overview.waiting.status'), minWidth: 130, value: (w) => t(`payouts.statuses.${w.status}`) },
    { field: 'system', header: t('overview.waiting.system'), minWidth: 130, value: (w) => t(`payouts.systems.${w.system}`, { defaultValue: w.system }) },
    { field: 'count', header: t('overview.waiting.count'), kind: 'count', minWidth: 100 },
    { field: 'amount', header: t('overview.waiting.amount'), kind: 'money', minWidth: 120 },
  ];

  if (overview.isError && !o)
    return (
      <PageLayout title={t('nav.overview')} breadcrumbs={false}>
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      </PageLayout>
    );

  const oldest = o?.oldest_waiting;
  return (
    <PageLayout title={t('nav.overview')} breadcrumbs={false} updatedAt={overview.dataUpdatedAt}>
      <SectionTitle first>{t('overview.owed.title')}</SectionTitle>
      <Box sx={grid}>
        <StatCard testId="overview-balance" label={t('overview.owed.balance')} value={money(o?.owed.balance)} loading={loading} icon={<AccountBalanceWalletOutlined />} />
        <StatCard testId="overview-hold" label={t('overview.owed.hold')} value={money(o?.owed.hold)} loading={loading} />
        <StatCard testId="overview-available" label={t('overview.owed.available')} value={money(o?.owed.available)} loading={loading} />
        <StatCard testId="overview-partners" label={t('overview.owed.partners')} value={count(o?.owed.partners)} loading={loading} />
      </Box>
      <SectionTitle>{t('overview.activity')}</SectionTitle>
      <Box sx={grid}>
        <StatCard testId="overview-earned-today" label={t('overview.earned.today')} value={money(o?.earnings_booked.today)} loading={loading} icon={<TrendingUpOutlined />} />
        <StatCard testId="overview-earned-month" label={t('overview.earned.month')} value={money(o?.earnings_booked.month)} loading={loading} />
        <StatCard testId="overview-new-today" label={t('overview.newPartners.today')} value={count(o?.new_partners.today)} loading={loading} icon={<GroupAddOutlined />} />
        <StatCard testId="overview-new-month" label={t('overview.newPartners.month')} value={count(o?.new_partners.month)} loading={loading} />
      </Box>
      <SectionTitle>{t('overview.waiting.title')}</SectionTitle>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <StatCard
          testId="overview-oldest"
          label={t('overview.oldest.title')}
          loading={loading}
          icon={<HourglassTopOutlined />}
          value={
            oldest ? (
              <Link component={RouterLink} to={`/payouts/${oldest.id}`} data-testid="overview-oldest-link">
                {t('overview.oldest.request', { id: oldest.id, amount: formatMoney(oldest.amount) })}
              </Link>
            ) : (
              t('overview.oldest.none')
            )
          }
          note={oldest ? t('overview.oldest.note', { waited: waitedFor(oldest.age_seconds), status: t(`payouts.statuses.${oldest.status}`), at: formatDateTime(oldest.created_at) }) : undefined}
        />
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          <DataTable
            label={t('overview.waiting.title')}
            columns={columns}
            rows={o?.payouts_waiting ?? []}
            getRowId={(w) => `${w.status}-${w.system}`}
            loading={loading}
            emptyTitle={t('overview.waiting.empty')}
          />
        </Paper>
      </Box>
    </PageLayout>
  );
}
