import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';

/** The one page of every screen whose issue is still ahead: it says so plainly and shows no data. */
export default function NotAvailablePage() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const onDashboard = location.pathname === href('dashboard');
  return (
    <PageLayout>
      <Paper sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="not-available">
        <Box
          sx={{
            width: 88,
            height: 88,
            mx: 'auto',
            mb: 3,
            borderRadius: '24px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(48, 65, 86, 0.08)',
            color: 'secondary.main',
          }}
        >
          <ConstructionOutlined sx={{ fontSize: 44 }} />
        </Box>
        <Typography variant="h2" component="h2" gutterBottom>
          {t('notAvailable.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: onDashboard ? 0 : 3 }}>
          {t('notAvailable.message')}
        </Typography>
        {/* The dashboard's "affiliate programs" anchor target. */}
        <span id="programs" />
        {onDashboard ? null : (
          <Button component={RouterLink} to={href('dashboard')} variant="outlined">
            {t('toDashboard')}
          </Button>
        )}
      </Paper>
    </PageLayout>
  );
}
