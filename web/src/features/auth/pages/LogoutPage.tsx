import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useLogout } from '../api/logout.ts';
import { useOnce } from '../../../lib/use-once.ts';

/** /logout and /user/logout: ends the session and opens sign-in. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const logout = useLogout();
  useOnce(() => {
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => navigate(href('login'), { replace: true }));
  });
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role="status">
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('signingOut')}
        </Typography>
      </Box>
    </Box>
  );
}
