import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import NavigateNext from '@mui/icons-material/NavigateNext';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProjectId } from '@pc/core/projects';
import { projectName } from '../../lib/links.ts';
import { href } from '../../lib/routes.ts';

/** Home / project / group / page. An unknown project (/app/fd3/...) gets no project crumb. */
export function PageBreadcrumbs({ title, groupKey }: { title: string; groupKey?: string | undefined }) {
  const { t } = useTranslation('nav');
  const theme = useTheme();
  const { app } = useParams();
  return (
    <Breadcrumbs
      aria-label={t('breadcrumbs')}
      separator={
        <NavigateNext
          fontSize="small"
          sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
        />
      }
      sx={{ mb: 0.5, fontSize: 13 }}
    >
      <Link
        component={RouterLink}
        to={href('dashboard')}
        underline="hover"
        color="text.secondary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <HomeOutlined sx={{ fontSize: 17 }} />
        {t('pages.home')}
      </Link>
      {isProjectId(app) ? (
        <Typography color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {projectName(app)}
        </Typography>
      ) : null}
      {groupKey && isProjectId(app) ? (
        <Typography color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {t(`pages.${groupKey}`)}
        </Typography>
      ) : null}
      <Typography color="text.primary" sx={{ fontSize: 'inherit', fontWeight: 600 }} aria-current="page">
        {title}
      </Typography>
    </Breadcrumbs>
  );
}
