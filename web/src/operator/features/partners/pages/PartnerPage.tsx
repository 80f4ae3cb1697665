import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { oneOf, useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock } from '../../../../components/layout/QueryState.tsx';
import { StatCard } from '../../../../components/layout/StatCard.tsx';
import { formatDateTime, formatMoney, NO_VALUE } from '../../../../lib/format.ts';
import { Facts, Panel } from '../../../components/Facts.tsx';
import { mayDo, useMe } from '../../../lib/session.ts';
import { usePartner } from '../api/get-partner.ts';
import { LedgerTab } from '../components/LedgerTab.tsx';
import { MailsTab } from '../components/MailsTab.tsx';
import { PartnerActions } from '../components/PartnerActions.tsx';
import { ReferralsTab } from '../components/ReferralsTab.tsx';
import { SessionsTab } from '../components/SessionsTab.tsx';
import { SitesTab } from '../components/SitesTab.tsx';
import { StateChip } from '../components/StateChip.tsx';

const TABS = ['ledger', 'sessions', 'sites', 'referrals', 'mails'] as const;
type PartnerTab = (typeof TABS)[number];

/**
 * A partner (partners.read): profile, status, programmes, balance, and tabs for the ledger, sessions, sites,
 * referrals and mails (the tab in the URL); the actions the member's role allows above them.
 */
export default function PartnerPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const id = Number(useParams().id);
  const answer = usePartner(id);
  const [params, update] = useUrlParams();
  const tabs = TABS.filter((tab) => tab !== 'sessions' || mayDo(me, 'partners.sessions'));
  const tab = oneOf<PartnerTab>(params.get('tab'), tabs, 'ledger');
  const back = (
    <Button component={RouterLink} to="/partners" startIcon={<ArrowBackOutlined />} size="small" data-testid="back-to-search">
      {t('partners.partner.back')}
    </Button>
  );
  if (!answer.data)
    return (
      <PageLayout title={t('partners.partner.title', { id })} breadcrumbs={false} actions={back}>
        {answer.isError ? <ErrorState error={answer.error} onRetry={() => void answer.refetch()} /> : <LoadingBlock height={320} />}
      </PageLayout>
    );
  const { profile, status, programs, balance } = answer.data;
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  const money = (micro: number) => formatMoney(micro);

  return (
    <PageLayout title={t('partners.partner.title', { id })} breadcrumbs={false} updatedAt={answer.dataUpdatedAt} actions={back}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-testid="partner-head">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="partner-email">
            {profile.email}
          </Typography>
          <StateChip status={status} testId="partner-state" />
        </Box>
        {name ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {name}
          </Typography>
        ) : null}
        <PartnerActions partner={answer.data} />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
        <StatCard testId="partner-balance" label={t('partners.balance.balance')} value={money(balance.balance)} icon={<AccountBalanceWalletOutlined />} />
        <StatCard testId="partner-hold" label={t('partners.balance.hold')} value={money(balance.hold)} />
        <StatCard testId="partner-available" label={t('partners.balance.available')} value={money(balance.available)} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start', mb: 2 }}>
        <Panel title={t('partners.profile.title')} testId="partner-profile">
          <Facts
            items={[
              { label: t('partners.profile.id'), value: `#${profile.id}` },
              { label: t('partners.profile.email'), value: profile.email },
              { label: t('partners.profile.name'), value: name || NO_VALUE },
              { label: t('partners.profile.contact'), value: profile.contact || NO_VALUE },
              { label: t('partners.profile.lang'), value: profile.lang.toUpperCase() },
              { label: t('partners.profile.created'), value: formatDateTime(profile.created_at) },
              { label: t('partners.profile.confirmed'), value: profile.confirmed_at ? formatDateTime(profile.confirmed_at) : t('partners.profile.notConfirmed') },
              profile.referred_by
                ? {
                    label: t('partners.profile.referredBy'),
                    value: (
                      <Link component={RouterLink} to={`/partners/${profile.referred_by}`}>
                        #{profile.referred_by}
                      </Link>
                    ),
                  }
                : null,
            ]}
          />
        </Panel>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title={t('partners.status.title')} testId="partner-status">
            <Facts
              items={[
                { label: t('partners.status.state'), value: t(`partners.states.${status.state}`), testId: 'partner-status-state' },
                status.state === 'blocked' ? { label: t('partners.status.reason'), value: status.reason || NO_VALUE, testId: 'partner-block-reason' } : null,
                status.state === 'blocked' && status.blocked_at ? { label: t('partners.status.since'), value: formatDateTime(status.blocked_at) } : null,
                { label: t('partners.status.signIn'), value: status.sign_in_locked ? t('partners.status.locked') : t('partners.status.open') },
              ]}
            />
          </Panel>
          <Panel title={t('partners.programs.title')} testId="partner-programs">
            {programs.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('partners.programs.none')}
              </Typography>
            ) : (
              <Facts
                items={programs.map((p) => ({
                  label: p.project.toUpperCase(),
                  value: t('partners.programs.value', { plan: p.plan ?? t('partners.programs.noPlan'), at: formatDateTime(p.activated_at) }),
                  testId: `partner-program-${p.project}`,
                }))}
              />
            )}
          </Panel>
          <Panel title={t('partners.balance.title')} testId="partner-figures">
            <Facts
              items={[
                { label: t('partners.balance.earnings'), value: money(balance.earnings) },
                { label: t('partners.balance.live'), value: money(balance.live) },
                { label: t('partners.balance.paid'), value: money(balance.payouts_accepted) },
                { label: t('partners.balance.inProgress'), value: money(balance.in_progress) },
              ]}
            />
          </Panel>
        </Box>
      </Box>
      <Paper sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, next: PartnerTab) => update({ tab: next === 'ledger' ? null : next, kind: null, source: null, project: null, from: null, to: null, per_page: null })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('partners.tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {tabs.map((key) => (
            <Tab key={key} value={key} label={t(`partners.tabs.${key}`)} data-testid={`partner-tab-${key}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1, sm: 2 } }} role="tabpanel" aria-label={t(`partners.tabs.${tab}`)}>
          {tab === 'ledger' ? <LedgerTab id={id} /> : null}
          {tab === 'sessions' ? <SessionsTab id={id} /> : null}
          {tab === 'sites' ? <SitesTab id={id} /> : null}
          {tab === 'referrals' ? <ReferralsTab id={id} /> : null}
          {tab === 'mails' ? <MailsTab id={id} /> : null}
        </Box>
      </Paper>
    </PageLayout>
  );
}
