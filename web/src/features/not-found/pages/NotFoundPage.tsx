import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session.ts';
import { href } from '../../../lib/routes.ts';

/** Any path the registry does not know. */
export default function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  return (
    <Box
      component={embedded ? 'section' : 'main'}
      data-testid="not-found"
      sx={{
        minHeight: embedded ? '50vh' : '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        textAlign: 'center',
      }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography
          aria-hidden="true"
          sx={{
            fontSize: { xs: 88, sm: 120 },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.9,
            letterSpacing: -4,
          }}
        >
          {t('notFound.code')}
        </Typography>
        <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('notFound.message')}
        </Typography>
        <Button
          component={RouterLink}
          to={user ? href('dashboard') : href('login')}
          variant="contained"
          size="large"
        >
          {user ? t('toDashboard') : t('toSignIn')}
        </Button>
      </Box>
    </Box>
  );
}
