import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState } from '../../../components/layout/QueryState.tsx';
import { useMe } from '../../lib/session.ts';

/** A section the member's role does not open, reached by its address (the server would answer 403 anyway). */
export function NotAllowedPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  return (
    <PageLayout title={t('notAllowed.title')} breadcrumbs={false}>
      <Paper sx={{ p: 2 }} data-testid="not-allowed">
        <BlockOutlined color="warning" sx={{ display: 'block', mx: 'auto', mt: 2, fontSize: 40 }} aria-hidden />
        <EmptyState
          title={t('notAllowed.message', { role: me ? t(`roles.${me.role}`) : '' })}
          message={t('notAllowed.hint')}
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
