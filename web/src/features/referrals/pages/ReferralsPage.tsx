import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import type { ReferralRow } from '@pc/core/contracts/referrals';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { StatCard } from '../../../components/layout/StatCard.tsx';
import { ShownWhenReady } from '../../../components/layout/ShownWhenReady.tsx';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { REFERRAL_SORT_KEYS, useReferrals } from '../api/get-referrals.ts';
import { CopyField } from '../../../components/copy/CopyField.tsx';
import { Schedule } from '../components/Schedule.tsx';

const pct = (bp: number) => formatPercent(bp / 10_000);

/** What holds the invite fields' room until the answer: a link and a code of the usual shape, never shown. */
const INVITE_STAND_IN = {
  code: '000000',
  link: `${typeof window === 'undefined' ? '' : window.location.origin}/auth/register?ref=000000`,
};

/**
 * Referrals (issue #11): the invite link and code to copy, the counts and the commission earned in the project,
 * the invited partners of both levels with what each brought, and how the rate works (from the settings).
 */
export default function ReferralsPage() {
  const { t } = useTranslation('referrals');
  const app = useParams().app as ProjectId;
  // The server's default order: first level first, the newest registration first within a level.
  const table = useTableParams(REFERRAL_SORT_KEYS, { key: 'level', dir: 'asc' });
  const query = useReferrals({ app, ...table.query });
  const answer = query.data;
  const invite = answer?.invite ?? INVITE_STAND_IN;
  const loading = !answer && query.isPending;

  const columns: TableColumn<ReferralRow>[] = [
    { field: 'user', header: t('table.user'), minWidth: 170, flex: 2, hideable: false, render: (row) => <span dir="ltr">{row.user}</span> },
    {
      field: 'level',
      header: t('table.level'),
      minWidth: 120,
      sortable: true,
      value: (row) => row.level,
      render: (row) => <Chip size="small" variant="outlined" color={row.level === 1 ? 'primary' : 'default'} label={t(row.level === 1 ? 'level.first' : 'level.second')} />,
    },
    { field: 'registration_date', header: t('table.registered'), kind: 'day', sortable: true, minWidth: 120, value: (row) => row.registration_date.slice(0, 10) },
    { field: 'today', header: t('table.today'), kind: 'money', sortable: true },
    { field: 'week', header: t('table.week'), kind: 'money', sortable: true },
    { field: 'total', header: t('table.total'), kind: 'money', sortable: true },
    {
      field: 'percent_bp',
      header: t('table.percent'),
      minWidth: 230,
      flex: 2,
      value: (row) => row.percent_bp / 100,
      render: (row) => (
        <span>
          {pct(row.percent_bp)}
          {row.percent_drops_at && row.next_percent_bp !== null ? (
            // One line: the grid's rows have a fixed height.
            <Typography component="span" variant="caption" color="text.secondary" data-testid="percent-drop">
              {' · '}
              {t('table.dropsAt', { percent: pct(row.next_percent_bp), date: formatDay(row.percent_drops_at.slice(0, 10)) })}
            </Typography>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <QueryError query={query} />
      <Stack spacing={2}>
        <Paper sx={{ p: 2 }} component="section" aria-label={t('invite.title')}>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('invite.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('invite.hint')}
          </Typography>
          {/* The fields' room is held while the answer loads (a link of the same shape stands in, unseen), so the
              figures below do not move when the link arrives; a failed read shows no fields (its error is above). */}
          <ShownWhenReady ready={answer !== undefined} failed={query.isError && !answer}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
              <CopyField label={t('invite.link')} value={invite.link} testId={answer ? 'invite-link' : 'invite-link-pending'} />
              <CopyField label={t('invite.code')} value={invite.code} testId={answer ? 'invite-code' : 'invite-code-pending'} />
            </Box>
          </ShownWhenReady>
          <Box sx={{ mt: 2 }}>
            <Schedule />
          </Box>
        </Paper>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <StatCard testId="stat-total" loading={loading} label={t('summary.total')} value={formatNumber(answer?.summary.total ?? 0)} />
          <StatCard testId="stat-first" loading={loading} label={t('summary.firstLevel')} value={formatNumber(answer?.summary.first_level ?? 0)} />
          <StatCard testId="stat-second" loading={loading} label={t('summary.secondLevel')} value={formatNumber(answer?.summary.second_level ?? 0)} />
          <StatCard testId="stat-earned" loading={loading} label={t('summary.earned')} value={formatMoney(answer?.summary.total_earned ?? 0)} />
        </Box>
        <DataTable
          label={t('table.label')}
          columns={columns}
          rows={answer?.data ?? []}
          getRowId={(row) => `${row.level}-${row.user}-${row.registration_date}`}
          loading={query.isFetching}
          paging={table.paging(answer?.meta.total ?? 0)}
          sort={table.sort}
          emptyTitle={t('table.empty')}
          emptyMessage={t('table.emptyHint')}
        />
      </Stack>
    </PageLayout>
  );
}
