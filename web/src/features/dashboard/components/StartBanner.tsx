import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../lib/routes.ts';
import { useStartProgress } from '../api/get-start-progress.ts';
import { useDismissStartBanner } from '../api/dismiss-start-banner.ts';

/**
 * The get-started banner (decision 0135): while a step is open and the partner has not dismissed it, the dashboard
 * leads to the guide with the progress. Dismissing hides it for good (stored with the partner). It is a hint, not
 * the dashboard's content: while the progress loads, or when it cannot be read, nothing is shown.
 */
export function StartBanner() {
  const { t } = useTranslation('start');
  const query = useStartProgress({});
  const dismiss = useDismissStartBanner();
  const answer = query.data;
  if (!answer?.banner) return null;
  const percent = answer.total ? Math.round((answer.done / answer.total) * 100) : 0;
  return (
    <Paper
      component="section"
      aria-labelledby="start-banner-title"
      data-testid="start-banner"
      sx={{
        position: 'relative',
        mb: 2,
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
        borderInlineStart: (theme) => `4px solid ${theme.palette.primary.main}`,
      }}
    >
      <RocketLaunchOutlined color="primary" aria-hidden sx={{ display: { xs: 'none', sm: 'block' }, fontSize: 36 }} />
      {/* Room for the close button at the inline end (the right, or the left in Arabic): beside the text on a
          phone, beside the button on wider screens. */}
      <Box sx={{ flex: 1, minWidth: 0, paddingInlineEnd: { xs: 4, sm: 0 } }}>
        <Typography id="start-banner-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('banner.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('banner.text')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('progressLabel')}
            sx={{ flex: 1, maxWidth: 220, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} data-testid="start-banner-progress">
            {t('progress', { done: answer.done, total: answer.total })}
          </Typography>
        </Box>
      </Box>
      <Button variant="contained" component={RouterLink} to={href('start')} sx={{ flexShrink: 0, marginInlineEnd: { sm: 4 } }} data-testid="start-banner-open">
        {t('banner.open')}
      </Button>
      <Tooltip title={t('banner.dismiss')}>
        <IconButton
          aria-label={t('banner.dismiss')}
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          size="small"
          data-testid="start-banner-dismiss"
          sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
        >
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
