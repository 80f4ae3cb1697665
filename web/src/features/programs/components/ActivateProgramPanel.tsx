import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import { projectName } from '../../../lib/links.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { useActivateFlow } from './useActivateFlow.tsx';

/** Shown instead of a project's pages while its programme is not active. */
export function ActivateProgramPanel({ project }: { project: ProjectId }) {
  const { t } = useTranslation('nav');
  const flow = useActivateFlow(projectName);
  const name = projectName(project);
  return (
    <PageLayout>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
        <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center' }}>
          <Box
            sx={{
              width: 72,
              height: 72,
              borderRadius: '50%',
              mx: 'auto',
              mb: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(25, 118, 210, 0.1)',
              color: 'primary.main',
            }}
          >
            <RocketLaunchOutlined sx={{ fontSize: 36 }} />
          </Box>
          <Typography variant="h2" component="h2" gutterBottom>
            {t('programs.inactiveTitle', { project: name })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('programs.inactiveMessage', { project: name })}
          </Typography>
          <Button variant="contained" size="large" onClick={() => flow.start(project)} loading={flow.pending}>
            {t('programs.activateProject', { project: name })}
          </Button>
        </Paper>
        {flow.dialog}
      </Box>
    </PageLayout>
  );
}
