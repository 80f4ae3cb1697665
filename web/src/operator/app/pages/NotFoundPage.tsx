import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState } from '../../../components/layout/QueryState.tsx';

/** An address under /operator that is no section of the console. */
export function NotFoundPage() {
  const { t } = useTranslation('console');
  return (
    <PageLayout title={t('notFound.title')} breadcrumbs={false}>
      <Paper sx={{ p: 2 }} data-testid="not-found">
        <EmptyState
          title={t('notFound.message')}
          action={
            <Button component={RouterLink} to="/" variant="contained">
              {t('notAllowed.home')}
            </Button>
          }
        />
      </Paper>
    </PageLayout>
  );
}
