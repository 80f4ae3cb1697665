import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGS, langDir, type LangCode } from '@pc/core/locales';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { QueryBlock } from '../../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { useContentItem } from '../api/get-content-item.ts';
import type { ContentItem } from '../api/get-content-list.ts';
import { useSaveContent } from '../api/save-content.ts';
import { useWithdrawContent } from '../api/withdraw-content.ts';
import { ContentStatusChip } from '../components/StatusChip.tsx';
import { PartnerPreview } from '../components/PartnerPreview.tsx';
import { bodyOf, FORM_LANGS, fromLocalInput, initialState, validate, type FormErrors, type FormState } from '../components/content-form.ts';

const langName = (code: LangCode) => LANGS.find((l) => l.code === code)?.name ?? code;

/** A new item (/content/news/new) or an edit (/content/news/12): the form with a tab per language and the partner's preview. */
export default function ContentEditPage() {
  const { t } = useTranslation('console');
  const params = useParams();
  const kind: ContentKind = params.kind === 'notifications' ? 'notifications' : 'news';
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const item = useContentItem(kind, id ?? 0, id !== null);
  const title = id === null ? (kind === 'news' ? t('content.newNews') : t('content.newNotification')) : kind === 'news' ? t('content.editNews') : t('content.editNotification');
  return (
    <PageLayout
      title={title}
      breadcrumbs={false}
      actions={
        <Button component={RouterLink} to={kind === 'news' ? '..' : '..?tab=notifications'} relative="path" startIcon={<ArrowBack />} color="inherit">
          {t('content.back')}
        </Button>
      }
    >
      {id === null ? (
        <ContentForm kind={kind} item={null} />
      ) : (
        <QueryBlock query={item} height={320}>
          {(answer) => <ContentForm key={answer.id} kind={kind} item={answer} />}
        </QueryBlock>
      )}
    </PageLayout>
  );
}

function ContentForm({ kind, item }: { kind: ContentKind; item: ContentItem | null }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const save = useSaveContent();
  const withdraw = useWithdrawContent();
  const [state, setState] = useState<FormState>(() => initialState(item, new Date()));
  const [lang, setLang] = useState<LangCode>('en');
  const [previewLang, setPreviewLang] = useState<LangCode>('en');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const withdrawn = item?.status === 'withdrawn';
  const back = kind === 'news' ? '/content' : '/content?tab=notifications';

  const setText = (field: 'title' | 'body', value: string) => setState((s) => ({ ...s, texts: { ...s.texts, [lang]: { ...s.texts[lang], [field]: value } } }));
  const pickLang = (code: LangCode) => {
    setLang(code);
    setPreviewLang(code);
  };
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const previewAt = state.publish === 'at' ? (fromLocalInput(state.at) ?? new Date().toISOString()) : state.publish === 'keep' && item ? item.publish_at : new Date().toISOString();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate(state, kind, new Date());
    setErrors(found);
    const first = Object.keys(found).find((k) => k.includes('.'));
    if (first) pickLang(first.split('.')[1] as LangCode);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ kind, id: item?.id ?? null, body: bodyOf(state, kind) });
      feedback.snackbar(item ? t('content.saved') : state.publish === 'at' ? t('content.scheduled') : t('content.published'));
      void navigate(back);
    } catch (error) {
      if (isApiError(error) && error.errors.partner) setErrors({ audience: 'content.form.errors.partnerUnknown' });
      setFailure(refusalMessage(error, t('content.form.failed')));
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <Stack spacing={2.5}>
          {item ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ContentStatusChip status={item.status} />
              <Typography variant="body2" color="text.secondary">
                {t('content.form.createdBy', { name: item.created_by })}
              </Typography>
            </Stack>
          ) : null}
          {withdrawn ? <Alert severity="info">{t('content.form.withdrawnNote')}</Alert> : null}
          {failure ? <Alert severity="error">{failure}</Alert> : null}

          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('content.form.texts')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('content.form.textsHint')}
            </Typography>
            <Tabs value={lang} onChange={(_, code: LangCode) => pickLang(code)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('content.form.languages')} sx={{ mt: 1 }}>
              {FORM_LANGS.map((code) => {
                const filled = state.texts[code].title.trim() !== '' || state.texts[code].body.trim() !== '';
                const bad = Boolean(errors[`title.${code}`] || errors[`body.${code}`]);
                return (
                  <Tab
                    key={code}
                    value={code}
                    data-testid={`content-lang-${code}`}
                    sx={{ minWidth: 64, px: 1.5, color: bad ? 'error.main' : undefined }}
                    label={`${code.toUpperCase()}${code === 'en' ? ' *' : filled ? ' ✓' : ''}`}
                    aria-label={`${langName(code)}${code === 'en' ? `, ${t('content.form.required')}` : filled ? `, ${t('content.form.filled')}` : ''}`}
                  />
                );
              })}
            </Tabs>
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="content-lang-note">
            {lang === 'en' ? t('content.form.englishRequired') : t('content.form.optional', { language: langName(lang) })}
          </Typography>
          <TextField
            id={`content-title-${lang}`}
            label={t('content.form.title')}
            value={state.texts[lang].title}
            onChange={(e) => setText('title', e.target.value)}
            required={lang === 'en'}
            error={Boolean(errors[`title.${lang}`])}
            helperText={err(`title.${lang}`)}
            disabled={withdrawn}
            slotProps={{ htmlInput: { dir: langDir(lang), lang, 'data-testid': 'content-title', maxLength: 300 } }}
            fullWidth
          />
          <TextField
            id={`content-body-${lang}`}
            label={t('content.form.body')}
            value={state.texts[lang].body}
            onChange={(e) => setText('body', e.target.value)}
            required={lang === 'en'}
            error={Boolean(errors[`body.${lang}`])}
            helperText={err(`body.${lang}`) ?? t('content.form.bodyHint')}
            disabled={withdrawn}
            multiline
            minRows={6}
            slotProps={{ htmlInput: { dir: langDir(lang), lang, 'data-testid': 'content-body' } }}
            fullWidth
          />

          {kind === 'news' ? (
            <TextField
              select
              id="content-audience"
              label={t('content.form.audience')}
              value={state.audience || 'all'}
              onChange={(e) => setState((s) => ({ ...s, audience: e.target.value === 'all' ? '' : e.target.value }))}
              disabled={withdrawn}
              helperText={t('content.form.newsAudienceHint')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'content-audience' } as object } }}
            >
              <MenuItem value="all">{t('content.audience.allPartners')}</MenuItem>
              <MenuItem value="fd1">{t('content.audience.project', { project: 'fd1' })}</MenuItem>
              <MenuItem value="fd2">{t('content.audience.project', { project: 'fd2' })}</MenuItem>
            </TextField>
          ) : (
            <NotificationAudience state={state} setState={setState} error={err('audience')} disabled={withdrawn} />
          )}

          <FormControl disabled={withdrawn}>
            <FormLabel id="content-publish-label">{t('content.form.publish')}</FormLabel>
            <RadioGroup aria-labelledby="content-publish-label" value={state.publish} onChange={(e) => setState((s) => ({ ...s, publish: e.target.value as FormState['publish'] }))}>
              {item && item.status === 'published' ? <FormControlLabel value="keep" control={<Radio />} label={t('content.form.publishKeep')} /> : null}
              <FormControlLabel value="now" control={<Radio />} label={t('content.form.publishNow')} data-testid="content-publish-now" />
              <FormControlLabel value="at" control={<Radio />} label={t('content.form.publishAt')} data-testid="content-publish-at" />
            </RadioGroup>
            {state.publish === 'at' ? (
              <TextField
                type="datetime-local"
                id="content-at"
                label={t('content.form.time')}
                value={state.at}
                onChange={(e) => setState((s) => ({ ...s, at: e.target.value }))}
                error={Boolean(errors.at)}
                helperText={err('at') ?? t('content.form.timeHint')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'content-at' } }}
                sx={{ mt: 1, maxWidth: 320 }}
              />
            ) : null}
          </FormControl>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
            <Button type="submit" variant="contained" loading={save.isPending} disabled={withdrawn} data-testid="content-save">
              {item ? t('content.form.save') : state.publish === 'at' ? t('content.form.schedule') : t('content.form.publishButton')}
            </Button>
            {item && !withdrawn ? (
              <Button color="error" onClick={() => setConfirming(true)} data-testid="content-withdraw">
                {t('content.withdraw')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>

      <Paper component="aside" aria-labelledby="content-preview-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id="content-preview-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('content.preview.title')}
          </Typography>
          <TextField
            select
            size="small"
            id="content-preview-lang"
            label={t('content.preview.language')}
            value={previewLang}
            onChange={(e) => setPreviewLang(e.target.value as LangCode)}
            sx={{ minWidth: 160 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'content-preview-lang' } as object } }}
          >
            {FORM_LANGS.map((code) => (
              <MenuItem key={code} value={code}>
                {langName(code)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {kind === 'news' ? t('content.preview.hintNews') : t('content.preview.hintNotification')}
        </Typography>
        <PartnerPreview kind={kind} texts={state.texts} lang={previewLang} audience={state.audience} at={previewAt} />
      </Paper>

      <ConfirmDialog
        open={confirming}
        title={t('content.confirm.title', { title: item?.texts.en?.title ?? '' })}
        message={kind === 'news' ? t('content.confirm.messageNews') : t('content.confirm.messageNotification')}
        confirmLabel={t('content.withdraw')}
        danger
        busy={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (!item) return;
          withdraw.mutate(
            { kind, id: item.id },
            {
              onSuccess: () => {
                feedback.snackbar(t('content.withdrawn'));
                void navigate(back);
              },
              onError: (error) => feedback.snackbar(refusalMessage(error, t('content.withdrawFailed'))),
              onSettled: () => setConfirming(false),
            },
          );
        }}
      />
    </Box>
  );
}

function NotificationAudience({ state, setState, error, disabled }: { state: FormState; setState: (f: (s: FormState) => FormState) => void; error?: string | undefined; disabled: boolean }) {
  const { t } = useTranslation('console');
  const [one, setOne] = useState(state.audience !== '');
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="content-audience-label">{t('content.form.audience')}</FormLabel>
      <RadioGroup
        aria-labelledby="content-audience-label"
        value={one ? 'one' : 'all'}
        onChange={(e) => {
          const isOne = e.target.value === 'one';
          setOne(isOne);
          if (!isOne) setState((s) => ({ ...s, audience: '' }));
        }}
      >
        <FormControlLabel value="all" control={<Radio />} label={t('content.audience.allPartners')} />
        <FormControlLabel value="one" control={<Radio />} label={t('content.audience.onePartner')} data-testid="content-audience-one" />
      </RadioGroup>
      {one ? (
        <TextField
          id="content-partner"
          label={t('content.form.partner')}
          value={state.audience}
          onChange={(e) => setState((s) => ({ ...s, audience: e.target.value }))}
          error={Boolean(error)}
          helperText={error ?? t('content.form.partnerHint')}
          slotProps={{ htmlInput: { 'data-testid': 'content-partner', maxLength: 254 } }}
          sx={{ mt: 1, maxWidth: 420 }}
        />
      ) : null}
    </FormControl>
  );
}
