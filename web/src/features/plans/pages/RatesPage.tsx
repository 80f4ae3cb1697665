import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@pc/core/product';
import type { ProjectId } from '@pc/core/projects';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock, Panel, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useCancelPlanChange } from '../api/cancel-plan-change.ts';
import { useChangePlan } from '../api/change-plan.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSimulation } from '../api/get-simulation.ts';
import { Conditions } from '../components/Conditions.tsx';
import { CurrentPlan, utcDay } from '../components/CurrentPlan.tsx';
import { FreeDownloadsForm } from '../components/FreeDownloadsForm.tsx';
import { PlanCards } from '../components/PlanCards.tsx';
import { PlanHistory } from '../components/PlanHistory.tsx';
import { PriceVariations } from '../components/PriceVariations.tsx';
import { RatesTable } from '../components/RatesTable.tsx';
import { Simulator } from '../components/Simulator.tsx';
import { refusalMessage } from '../components/refusal.ts';

/**
 * Conditions and plans of a project (docs/product.md#rate-plans; decision 0140): the plan in force
 * and the one from the next day, the three plans side by side with the rates and shares of the settings, the
 * choice (once per the settings' number of days, from the next day), the simulator over the partner's own
 * traffic, the conditions, free downloads on PPS, custom premium prices and the plan history.
 */
export default function RatesPage() {
  const { t } = useTranslation('plans');
  const app = useParams().app as ProjectId;
  const state = usePlans({ app });
  const settings = useProductSettings();
  const simulation = useSimulation({ app });
  const change = useChangePlan(app);
  const keep = useCancelPlanChange(app);
  const [choice, setChoice] = useState<Plan | null>(null);
  const data = state.data;
  const changeEvery = settings.data?.plans.change_every_days;

  const confirm = () => {
    if (!choice) return;
    keep.reset();
    change.mutate(choice, {
      onSuccess: (answer) => feedback.snackbar(answer.message),
      onSettled: () => setChoice(null),
    });
  };
  const keepCurrent = () => {
    change.reset();
    keep.mutate(undefined, { onSuccess: (answer) => feedback.snackbar(answer.message) });
  };
  // The refusal of whichever write was sent last (the other one was reset when it was sent).
  const refusal = refusalMessage(change.error ?? keep.error, t('error.save'));
  const pendingPps = data && data.current.plan !== 'pps' && data.next?.plan === 'pps' ? utcDay(data.next.effective_from) : null;

  return (
    <PageLayout updatedAt={state.dataUpdatedAt}>
      <Typography sx={{ mb: 3, maxWidth: 860 }}>{t('intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Panel title={t('current.title')} id="your-plan">
          <QueryBlock query={state} height={110}>
            {(answer) => <CurrentPlan state={answer} changeEveryDays={changeEvery} onKeep={keepCurrent} keeping={keep.isPending} />}
          </QueryBlock>
          {refusal ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="change-refused">
              {refusal}
            </Alert>
          ) : null}
        </Panel>

        <Panel title={t('cards.title')} id="plans">
          {data && settings.data ? (
            <PlanCards state={data} settings={settings.data.plans} best={simulation.data?.best ?? null} busy={change.isPending} onChoose={setChoice} />
          ) : state.isError || settings.isError ? (
            <ErrorState error={state.error ?? settings.error} onRetry={() => void (state.isError ? state.refetch() : settings.refetch())} />
          ) : (
            <LoadingBlock height={260} />
          )}
        </Panel>

        <Panel title={t('simulator.title')} id="simulator">
          <QueryBlock query={simulation} height={220}>
            {(answer) => <Simulator data={answer} />}
          </QueryBlock>
        </Panel>

        <Panel title={t('compare.title')} id="rates">
          <QueryBlock query={settings} height={420}>
            {(s) => <RatesTable settings={s.plans} highlight={data?.current.plan ?? s.plans.default_plan} countryGroups={data?.country_groups ?? {}} />}
          </QueryBlock>
        </Panel>

        <Panel title={t('conditions.title')} id="conditions">
          <QueryBlock query={settings} height={160}>
            {(s) => <Conditions settings={s} />}
          </QueryBlock>
        </Panel>

        {data?.free_downloads.available ? (
          <Panel title={t('freeDownloads.title')} id="free-downloads">
            <FreeDownloadsForm key={JSON.stringify(data.free_downloads)} app={app} settings={data.free_downloads} startsOn={pendingPps} />
          </Panel>
        ) : null}

        {data ? (
          <Panel title={t('variations.title')} id="price-variations">
            <PriceVariations
              key={data.price_variations.selected.join(',')}
              app={app}
              variations={data.price_variations}
              limit={settings.data?.plans.max_custom_price_variations}
            />
          </Panel>
        ) : null}

        {data && data.history.length > 0 ? (
          <Panel title={t('history.title')} id="history">
            <PlanHistory rows={data.history} />
          </Panel>
        ) : null}
      </Box>
      <ConfirmDialog
        open={choice !== null}
        title={choice ? t('confirm.title', { plan: t(`names.${choice}`) }) : ''}
        message={
          choice && data
            ? `${t('confirm.applies', { plan: t(`names.${choice}`), date: utcDay(data.change.effective_from) })} ${
                changeEvery !== undefined ? t('confirm.wait', { count: changeEvery }) : ''
              }`.trim()
            : ''
        }
        confirmLabel={choice ? t('confirm.confirm', { plan: t(`names.${choice}`) }) : undefined}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setChoice(null)}
      />
    </PageLayout>
  );
}
