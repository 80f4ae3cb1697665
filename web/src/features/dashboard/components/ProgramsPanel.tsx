import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROJECTS } from '../../../lib/links.ts';
import { isProgramActive, useCurrentUser } from '../../../lib/session.ts';
import { requestActivation } from '../../../lib/activation.ts';
import { href } from '../../../lib/routes.ts';
import { Panel } from '../../../components/layout/QueryState.tsx';

/** The affiliate programmes, on or off, with the activation where it is off. */
export function ProgramsPanel() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  return (
    <Panel title={t('programs.title')} id="programs">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {PROJECTS.map((project) => {
          const active = isProgramActive(user, project.id);
          return (
            <Box
              component="li"
              key={project.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
              data-testid={`program-${project.id}`}
            >
              <Typography sx={{ fontWeight: 600, minWidth: 56 }}>{project.name}</Typography>
              <Chip
                size="small"
                color={active ? 'success' : 'default'}
                variant={active ? 'filled' : 'outlined'}
                label={active ? t('programs.on') : t('programs.off')}
              />
              <Box sx={{ flex: 1 }} />
              {active ? (
                <Button
                  size="small"
                  component={RouterLink}
                  to={href('statisticsDetailed', { app: project.id })}
                >
                  {t('programs.statistics')}
                </Button>
              ) : (
                <Button size="small" variant="contained" onClick={() => requestActivation(project.id)}>
                  {t('programs.activate')}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </Panel>
  );
}
