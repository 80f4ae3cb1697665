import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StartStep } from '@pc/core/contracts/start';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { EXTERNAL_LINKS } from '../../../lib/links.ts';
import { href } from '../../../lib/routes.ts';
import { useStart } from '../api/get-start.ts';

/** Where a step's action leads: a page of the cabinet or the file host's file manager (a new tab). */
function actionOf(step: StartStep, programProject: string | undefined): { to: string } | { external: string } {
  switch (step.id) {
    case 'program':
      return { to: href('dashboard') };
    case 'upload':
    case 'download':
      return { external: EXTERNAL_LINKS.fileManager };
    case 'plan': {
      const app = step.project ?? programProject;
      // No programme yet: a plan is chosen per programme, so the first thing is to activate one.
      return app ? { to: href('rates', { app }) } : { to: href('dashboard') };
    }
    case 'wallet':
      return { to: href('payouts') };
  }
}

function StepRow({ step, index, action }: { step: StartStep; index: number; action: ReactNode }) {
  const { t } = useTranslation('start');
  return (
    <Box
      component="li"
      data-testid={`start-step-${step.id}`}
      data-done={step.done}
      sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
        {step.done ? (
          <CheckCircle color="success" aria-hidden sx={{ mt: 0.25 }} />
        ) : (
          <RadioButtonUnchecked color="disabled" aria-hidden sx={{ mt: 0.25 }} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('step', { n: index + 1 })} · {t(`steps.${step.id}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`steps.${step.id}.text`)}
          </Typography>
          <Typography variant="body2" color={step.done ? 'success.main' : 'text.secondary'} data-testid="step-state">
            {step.done && step.done_at ? t('doneOn', { date: formatDate(step.done_at) }) : t('notDone')}
          </Typography>
        </Box>
      </Stack>
      {step.done ? null : action}
    </Box>
  );
}

/** Get started (docs/product.md#get-started): five steps with progress derived from the partner's real state, each with its action. */
export default function StartPage() {
  const { t } = useTranslation('start');
  const query = useStart({});
  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <QueryBlock query={query} height={360}>
        {(answer) => {
          const programProject = answer.steps.find((s) => s.id === 'program')?.project;
          const percent = answer.total ? Math.round((answer.done / answer.total) * 100) : 0;
          return (
            <Paper sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h6" component="p" data-testid="start-progress">
                {answer.done === answer.total ? t('allDone') : t('progress', { done: answer.done, total: answer.total })}
              </Typography>
              <LinearProgress variant="determinate" value={percent} aria-label={t('progressLabel')} sx={{ my: 1.5, height: 8, borderRadius: 4 }} />
              <Box component="ol" aria-label={t('stepsLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {answer.steps.map((step, index) => {
                  const target = actionOf(step, programProject);
                  const label = t(`steps.${step.id}.action`);
                  const action =
                    'external' in target ? (
                      <Button variant="contained" component="a" href={target.external} target="_blank" rel="noopener noreferrer" sx={{ flexShrink: 0 }}>
                        {label}
                      </Button>
                    ) : (
                      <Button variant="contained" component={RouterLink} to={target.to} sx={{ flexShrink: 0 }}>
                        {label}
                      </Button>
                    );
                  return <StepRow key={step.id} step={step} index={index} action={action} />;
                })}
              </Box>
            </Paper>
          );
        }}
      </QueryBlock>
    </PageLayout>
  );
}
