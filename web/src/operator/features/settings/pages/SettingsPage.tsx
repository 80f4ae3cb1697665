import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTION_KEYS, type SettingsSection } from '@pc/core/contracts/console-lists-settings';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock, SectionTitle } from '../../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useSettings } from '../api/get-settings.ts';
import { usePreviewSettings, type SettingsChange, type SettingsPreviewAnswer } from '../api/preview-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { PreviewDialog } from '../components/PreviewDialog.tsx';
import { SettingsFields } from '../components/SettingsFields.tsx';
import { SettingsHistory } from '../components/SettingsHistory.tsx';
import { changesOf, draftOf, editableOf, sectionOf, type Draft } from '../components/settings-form.ts';

/** The value of a datetime-local input (the member's time zone) as a UTC instant; empty: none. */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The server's field errors (`changes.<path>`, `effective_from`) as the fields' keys. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field.replace(/^changes\./, ''), messages[0] ?? '']));
}

/**
 * Product settings (settings.read; changes need settings.write): rates, shares, country groups, gold levels and coins,
 * payout systems and holds, storage terms and the plan-change interval as forms, one tab a section. A change is
 * previewed as partners would see it, from its effective date, before it is saved; the history below lists every
 * version with who wrote it and what it changed.
 */
export default function SettingsPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const canWrite = mayDo(me, 'settings.write');
  const settings = useSettings();
  const current = settings.data?.value;
  const editable = useMemo(() => (current ? editableOf(current) : null), [current]);

  const [tab, setTab] = useState<SettingsSection>('rates');
  const [draft, setDraft] = useState<Draft>({});
  const [effective, setEffective] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<(SettingsPreviewAnswer & { body: SettingsChange }) | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const previewCall = usePreviewSettings();
  const save = useSaveSettings();

  // A fresh copy of the stored settings (first load, after saving) starts the form over.
  useEffect(() => {
    if (editable) setDraft(draftOf(editable));
  }, [editable]);

  const { changes, invalid } = useMemo(() => (editable ? changesOf(editable, draft) : { changes: {}, invalid: [] }), [editable, draft]);
  const changedKeys = Object.keys(changes);
  const errors: Record<string, string | undefined> = { ...serverErrors };
  for (const key of invalid) errors[key] = t('settings.errors.number');
  const sectionsWithErrors = new Set(Object.keys(errors).map(sectionOf));
  const sectionsChanged = new Set(changedKeys.map(sectionOf));

  if (settings.isError && !current)
    return (
      <PageLayout title={t('nav.settings')} breadcrumbs={false}>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </PageLayout>
    );

  const change = (key: string, text: string) => {
    setDraft((d) => ({ ...d, [key]: text }));
    setServerErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };
  const body = (): SettingsChange => ({ changes, ...(instantOf(effective) ? { effective_from: instantOf(effective) } : {}) });
  const askPreview = () => {
    const asked = body();
    setSaveError(null);
    previewCall.mutate(asked, {
      onSuccess: (answer) => {
        setServerErrors({});
        setPreview({ ...answer, body: asked });
      },
      onError: (error) => setServerErrors(fieldErrorsOf(error)),
    });
  };
  const confirmSave = () => {
    if (!preview) return;
    save.mutate(preview.body, {
      onSuccess: (saved) => {
        setPreview(null);
        setEffective('');
        feedback.snackbar(t('settings.saved', { at: formatDateTime(saved.effective_from) }));
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length) {
          setServerErrors(fields);
          setPreview(null);
        } else setSaveError(refusalMessage(error, t('settings.errors.save')));
      },
    });
  };
  const discard = () => {
    if (editable) setDraft(draftOf(editable));
    setServerErrors({});
    setEffective('');
  };
  const refused = Object.keys(serverErrors).length > 0;

  return (
    <PageLayout title={t('nav.settings')} breadcrumbs={false} updatedAt={settings.dataUpdatedAt}>
      {!canWrite ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="settings-read-only">
          {t('settings.readOnly')}
        </Alert>
      ) : null}
      <Paper sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_, value: SettingsSection) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('settings.sectionsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {SETTINGS_SECTION_KEYS.map((section) => (
            <Tab
              key={section}
              value={section}
              data-testid={`settings-tab-${section}`}
              label={
                <Badge color={sectionsWithErrors.has(section) ? 'error' : 'primary'} variant="dot" invisible={!sectionsWithErrors.has(section) && !sectionsChanged.has(section)}>
                  <Box component="span" sx={{ pr: 1 }}>
                    {t(`settings.sections.${section}.title`)}
                  </Box>
                </Badge>
              }
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }} role="tabpanel" aria-label={t(`settings.sections.${tab}.title`)}>
          {editable ? <SettingsFields section={tab} draft={draft} errors={errors} readOnly={!canWrite} onChange={change} /> : <LoadingBlock height={240} />}
        </Box>
        {canWrite && editable ? (
          <Box sx={{ p: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 2 }, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 2 }}>
            {refused ? (
              <Alert severity="error" data-testid="settings-refused">
                {t('settings.errors.refused')}
              </Alert>
            ) : null}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
              <TextField
                type="datetime-local"
                label={t('settings.effective.label')}
                value={effective}
                onChange={(e) => {
                  setEffective(e.target.value);
                  change('effective_from', '');
                }}
                size="small"
                error={Boolean(serverErrors.effective_from)}
                helperText={serverErrors.effective_from ?? t('settings.effective.hint')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'settings-effective' } }}
                sx={{ flex: '1 1 240px', maxWidth: { sm: 320 } }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px', alignSelf: 'center' }} data-testid="settings-changed">
                {changedKeys.length ? t('settings.changedCount', { count: sectionsChanged.size }) : t('settings.noChanges')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button onClick={discard} disabled={!changedKeys.length && !effective}>
                  {t('settings.discard')}
                </Button>
                <Button variant="contained" onClick={askPreview} disabled={!changedKeys.length || invalid.length > 0 || previewCall.isPending} data-testid="settings-preview-button">
                  {t('settings.previewButton')}
                </Button>
              </Box>
            </Box>
          </Box>
        ) : null}
      </Paper>
      <SectionTitle>{t('settings.history.title')}</SectionTitle>
      {current ? <SettingsHistory current={current} /> : <LoadingBlock height={160} />}
      <PreviewDialog preview={preview} saving={save.isPending} error={saveError} onSave={confirmSave} onClose={() => setPreview(null)} />
    </PageLayout>
  );
}
