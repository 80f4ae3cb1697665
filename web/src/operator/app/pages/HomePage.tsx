import Paper from '@mui/material/Paper';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState } from '../../../components/layout/QueryState.tsx';
import { useMe } from '../../lib/session.ts';
import { sectionsOf } from '../sections.ts';

/**
 * /operator: the first section the member's role opens. A role none of the built sections is for (finance,
 * support and content until their screens come) is told so, instead of landing on a page it may not see.
 */
export function HomePage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const first = sectionsOf(me)[0];
  if (first) return <Navigate to={`/${first.path}`} replace />;
  return (
    <PageLayout title={t('home.title', { name: me?.name ?? '' })} breadcrumbs={false}>
      <Paper sx={{ p: 2 }} data-testid="no-sections">
        <EmptyState title={t('home.noSections')} message={t('home.noSectionsHint', { role: me ? t(`roles.${me.role}`) : '' })} />
      </Paper>
    </PageLayout>
  );
}
