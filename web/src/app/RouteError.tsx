import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './lazy.ts';

/** A page that could not be shown: a chunk that failed to load (with reload), or an unexpected error. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  const Icon = chunk ? CloudOffOutlined : ReportProblemOutlined;
  return (
    <Box
      role="alert"
      data-testid={chunk ? 'chunk-error' : 'route-error'}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: 3, minHeight: fullPage ? '100vh' : '50vh' }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, textAlign: 'center' }}>
        <Icon color={chunk ? 'warning' : 'error'} sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h2" component="h1" gutterBottom>
          {chunk ? t('chunkError.title') : t('pageError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chunk ? t('chunkError.message') : t('pageError.message')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </Paper>
    </Box>
  );
}
