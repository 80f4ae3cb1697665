import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import NavigateNext from '@mui/icons-material/NavigateNext';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { projectName } from '../../lib/links.ts';
import { href } from '../../lib/routes.ts';
import { useCurrentHandle } from '../../lib/route-context.ts';

/** Home / project / group / page, from the route registry's handles. */
export function AppBreadcrumbs() {
  const { t } = useTranslation('nav');
  const theme = useTheme();
  const handle = useCurrentHandle();
  const { app } = useParams();
  if (!handle) return null;
  const title = t(`pages.${handle.titleKey}`);
  return (
    <>
      <Breadcrumbs
        aria-label={t('breadcrumbs')}
        separator={<NavigateNext fontSize="small" sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
        sx={{ mb: 0.5, fontSize: 13 }}
      >
        <Link component={RouterLink} to={href('dashboard')} underline="hover" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <HomeOutlined sx={{ fontSize: 17 }} />
          {t('pages.home')}
        </Link>
        {app ? <Typography color="text.secondary" sx={{ fontSize: 'inherit' }}>{projectName(app)}</Typography> : null}
        {handle.groupKey ? <Typography color="text.secondary" sx={{ fontSize: 'inherit' }}>{t(`pages.${handle.groupKey}`)}</Typography> : null}
        <Typography color="text.primary" sx={{ fontSize: 'inherit', fontWeight: 600 }} aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 3 }} data-testid="page-title">
        {title}
      </Typography>
    </>
  );
}
