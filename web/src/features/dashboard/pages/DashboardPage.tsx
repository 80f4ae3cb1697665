import { useState } from 'react';
import Box from '@mui/material/Box';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS } from '@pc/core/contracts/keys';
import { resolveRange } from '@pc/core/contracts/ranges';
import { PROJECTS as PROJECT_IDS } from '@pc/core/projects';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState, Panel, QueryBlock, QueryError } from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { ShownWhenReady } from '../../../components/layout/ShownWhenReady.tsx';
import { oneOf, useUrlParams } from '../../../components/filters/url-state.ts';
import { Chart } from '../../../components/charts/Chart.tsx';
import { formatBucket, formatMoney, formatNumber } from '../../../lib/format.ts';
import { projectName } from '../../../lib/links.ts';
import { useInfoBlocks } from '../api/get-info-blocks.ts';
import { useEarningsByMonth } from '../api/get-earnings-by-month.ts';
import { useEarningsByDay } from '../api/get-earnings-by-day.ts';
import { PeriodSwitch } from '../components/PeriodSwitch.tsx';
import { ProgramsPanel } from '../components/ProgramsPanel.tsx';
import { StoragePanel } from '../components/StoragePanel.tsx';
import { UnlimitedDialog } from '../components/UnlimitedDialog.tsx';
import { StartBanner } from '../components/StartBanner.tsx';
import { useStartProgress } from '../api/get-start-progress.ts';

/**
 * The dashboard: the get-started banner while steps are open, the period's figures and balance, the programmes,
 * storage terms and the two earnings charts.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [params, update] = useUrlParams();
  const period = oneOf(params.get('period'), DASHBOARD_PERIODS, '7d');
  const info = useInfoBlocks({ period });
  const days = resolveRange({ period }, new Date());
  const byDay = useEarningsByDay({ date_from: days.from, date_to: days.to });
  const byMonth = useEarningsByMonth();
  const [unlimitedOpen, setUnlimitedOpen] = useState(false);
  const figures = info.data;
  const loading = info.isPending;
  // The get-started banner sits above the figures. Until it is known whether it shows (one small read, asked with
  // the figures), the page below the title is laid out but not shown, so that the banner does not push the figures
  // down as it arrives. The page's reads leave at once all the same.
  const bannerPending = useStartProgress({}).isPending;

  return (
    <PageLayout
      updatedAt={info.dataUpdatedAt}
      actions={
        <PeriodSwitch value={period} onChange={(next) => update({ period: next === '7d' ? null : next })} />
      }
    >
      <ShownWhenReady ready={!bannerPending} testId="dashboard-body">
        <StartBanner />
        <QueryError query={info} />
        <StatGrid>
          <StatCard
            label={t('info.earnings')}
            value={figures ? formatMoney(figures.earnings) : ''}
            loading={loading}
            icon={<PaidOutlined />}
            testId="info-earnings"
          />
          <StatCard
            label={t('info.downloads')}
            value={figures ? formatNumber(figures.downloads) : ''}
            loading={loading}
            icon={<CloudDownloadOutlined />}
            testId="info-downloads"
          />
          <StatCard
            label={t('info.purchases')}
            value={figures ? formatNumber(figures.purchases) : ''}
            loading={loading}
            icon={<ShoppingCartOutlined />}
            testId="info-purchases"
          />
          <StatCard
            label={t('info.balance')}
            value={figures ? formatMoney(figures.balance) : ''}
            note={figures ? t('info.pending', { amount: formatMoney(figures.pending) }) : undefined}
            loading={loading}
            icon={<AccountBalanceWalletOutlined />}
            testId="info-balance"
          />
        </StatGrid>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <Panel title={t('charts.byProject')} id="by-project">
              <QueryBlock
                query={byDay}
                height={300}
                isEmpty={(d) => d.data.every((row) => row.total === 0)}
                empty={<EmptyState title={t('charts.noEarnings')} message={t('charts.noEarningsHint')} />}
              >
                {(data) => (
                  <Chart
                    type="bar"
                    title={t('charts.byProject')}
                    categoryLabel={t('charts.day')}
                    categories={data.data.map((row) => formatBucket(row.date, 'day'))}
                    series={PROJECT_IDS.map((p) => ({
                      key: p,
                      label: projectName(p),
                      data: data.data.map((row) => row.by_project[p]),
                      stack: 'earnings',
                    }))}
                    valueKind="money"
                  />
                )}
              </QueryBlock>
            </Panel>
            <Panel title={t('charts.byMonth')} id="by-month">
              <QueryBlock
                query={byMonth}
                height={300}
                isEmpty={(d) => d.data.every((row) => row.total === 0 && row.storage_cost === 0)}
                empty={<EmptyState title={t('charts.noMonths')} message={t('charts.noEarningsHint')} />}
              >
                {(data) => (
                  <Chart
                    type="bar"
                    title={t('charts.byMonth')}
                    categoryLabel={t('charts.month')}
                    categories={data.data.map((row) => formatBucket(row.month, 'month', undefined, true))}
                    series={[
                      ...PROJECT_IDS.map((p) => ({
                        key: p,
                        label: projectName(p),
                        data: data.data.map((row) => row.by_project[p]),
                        stack: 'earnings',
                      })),
                      {
                        key: 'storage',
                        label: t('charts.storageCost'),
                        data: data.data.map((row) => row.storage_cost),
                        color: '#e74c3c',
                      },
                    ]}
                    valueKind="money"
                    extraColumns={[
                      {
                        label: t('charts.filesSize'),
                        values: data.data.map((row) =>
                          formatNumber(row.files_size_gb, { maximumFractionDigits: 3 }),
                        ),
                      },
                    ]}
                  />
                )}
              </QueryBlock>
            </Panel>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <ProgramsPanel />
            <StoragePanel onUnlimited={() => setUnlimitedOpen(true)} />
          </Box>
        </Box>
      </ShownWhenReady>
      <UnlimitedDialog open={unlimitedOpen} onClose={() => setUnlimitedOpen(false)} />
    </PageLayout>
  );
}
