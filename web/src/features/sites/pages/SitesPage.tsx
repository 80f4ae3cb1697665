import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { ShownWhenReady } from '../../../components/layout/ShownWhenReady.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { formatPercent } from '../../../lib/format.ts';
import { projectName } from '../../../lib/links.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useSites } from '../api/get-sites.ts';
import { AddSiteForm } from '../components/AddSiteForm.tsx';
import { PromoSection } from '../components/PromoSection.tsx';
import { SitesTable } from '../components/SitesTable.tsx';
import { VerificationHelp } from '../components/VerificationHelp.tsx';

const SORT_KEYS = ['created_at'] as const;

/**
 * My sites (docs/product.md#site-referrals; decision 0141): add a site, verify it by the file or the
 * meta tag, see what each site brings, remove it; the promo link and banners. The bonus share comes from the
 * product settings.
 */
export default function SitesPage() {
  const { t } = useTranslation('sites');
  const app = useParams().app as ProjectId;
  const table = useTableParams(SORT_KEYS, { key: 'created_at', dir: 'desc' });
  const query = useSites({ app, page: table.query.page, per_page: table.query.per_page });
  const settings = useProductSettings();
  const answer = query.data;
  const project = projectName(app);
  const bonusBp = settings.data?.sales.site_referral_bonus_bp;

  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <Stack spacing={2}>
        {/* The intro's room is held while the settings load (its share stands in at zero, unseen), so the form below
            does not move when the share arrives; without the settings there is no intro, as before. */}
        <ShownWhenReady ready={bonusBp !== undefined} failed={settings.isError}>
          <Typography color="text.secondary" data-testid={bonusBp === undefined ? undefined : 'sites-intro'} sx={{ maxWidth: 900 }}>
            {t('intro', { project, bonus: formatPercent((bonusBp ?? 0) / 10_000) })}
          </Typography>
        </ShownWhenReady>
        <QueryError query={query} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
          <AddSiteForm app={app} />
          <VerificationHelp verification={answer?.verification} loading={query.isPending} />
        </Box>
        <SitesTable rows={answer?.data ?? []} paging={table.paging(answer?.meta.total ?? 0)} loading={query.isFetching} />
        <Typography variant="body2" color="text.secondary">
          {t('table.figuresHint', { project })}
        </Typography>
        <PromoSection link={answer?.promo.link} brand={project} loading={query.isPending} />
      </Stack>
    </PageLayout>
  );
}
