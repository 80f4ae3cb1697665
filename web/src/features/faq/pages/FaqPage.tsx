import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import {
  EmptyState,
  LoadingBlock,
  ErrorState,
  SectionTitle,
} from '../../../components/layout/QueryState.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useSupportLinks } from '../../../lib/support-links.ts';
import { currentLocale } from '../../../lib/format.ts';
import { href } from '../../../lib/routes.ts';
import { FAQ_CATEGORIES, categoryOf, type FaqCategoryId } from '../catalogue.ts';
import { matches, normalizeForSearch, queryWords } from '../search.ts';
import { faqValues } from '../values.ts';
import { FaqQuestion, type FaqEntry } from '../components/FaqQuestion.tsx';

type Tab = 'all' | FaqCategoryId;

interface Section {
  id: FaqCategoryId;
  title: string;
  entries: Array<FaqEntry & { text: string }>;
}

/**
 * FAQ (docs/product.md#help-and-faq): the seven categories as tabs with their counts, a search over questions and answers in the
 * interface language (as you type, case- and accent-insensitive), each answer linkable as /faq#<id>. Every figure
 * in an answer is the operator's setting (GET /api/product/settings), formatted in the language.
 */
export default function FaqPage() {
  const { t, i18n } = useTranslation('faq');
  const settings = useProductSettings();
  const links = useSupportLinks();
  const location = useLocation();
  // Opened at /faq#<id>: that question's category from the first render (the tabs then show it in view).
  const [tab, setTab] = useState<Tab>(() => categoryOf(decodeURIComponent(location.hash.slice(1))) ?? 'all');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const locale = i18n.language || currentLocale();

  // The questions in the current language with their figures, and each one's searchable text.
  const sections = useMemo<Section[]>(() => {
    if (!settings.data) return [];
    const values = faqValues(settings.data, t, locale);
    return FAQ_CATEGORIES.map((category) => ({
      id: category.id,
      title: t(`categories.${category.id}`),
      entries: category.questions.map((id) => {
        const question = t(`questions.${id}.q`, values);
        const answer = t(`questions.${id}.a`, values);
        return { id, question, answer, text: normalizeForSearch(`${question}\n${answer}`, locale) };
      }),
    }));
  }, [settings.data, t, locale]);

  const words = useMemo(() => queryWords(deferredQuery, locale), [deferredQuery, locale]);
  const found = useMemo(
    () => sections.map((s) => ({ ...s, entries: s.entries.filter((e) => matches(e.text, words)) })),
    [sections, words],
  );
  const total = found.reduce((n, s) => n + s.entries.length, 0);
  const shown = tab === 'all' ? found.filter((s) => s.entries.length) : found.filter((s) => s.id === tab);
  const shownCount = shown.reduce((n, s) => n + s.entries.length, 0);
  const searching = words.length > 0;

  // A new search opens the answers it finds; a toggle afterwards is the partner's.
  useEffect(() => {
    const searchWords = queryWords(deferredQuery, locale);
    if (!searchWords.length) return;
    setExpanded(
      new Set(
        sections.flatMap((s) => s.entries.filter((e) => matches(e.text, searchWords)).map((e) => e.id)),
      ),
    );
  }, [deferredQuery, locale, sections]);

  // /faq#<id>: that answer's category, the answer open, scrolled to once it is on the page.
  const hash = decodeURIComponent(location.hash.slice(1));
  const ready = sections.length > 0;
  useEffect(() => {
    const category = categoryOf(hash);
    if (!ready || !category) return;
    setQuery('');
    setTab(category);
    setExpanded((open) => new Set([...open, hash]));
    let frame = requestAnimationFrame(function scroll() {
      const target = document.getElementById(hash);
      if (!target) {
        frame = requestAnimationFrame(scroll);
        return;
      }
      target.scrollIntoView?.({ block: 'start' });
      target.querySelector<HTMLElement>('[aria-controls]')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, location.key, ready]);

  const toggle = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const copyLink = (entry: FaqEntry) => {
    const url = `${window.location.origin}${href('faq', undefined, entry.id)}`;
    const copied = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => feedback.snackbar(t('linkCopied')),
      () => feedback.snackbar(t('copyFailed', { url })),
    );
  };

  const reset = () => {
    setQuery('');
    setTab('all');
  };

  const contact = links.data?.contact_url ?? links.data?.support_url ?? null;
  const helpCentre = links.data?.help_center ?? false;

  return (
    <PageLayout>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2.5, maxWidth: 720 }}>
        {t('intro')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 2.5 }, pb: '0 !important', mb: 3 }}>
        <TextField
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          type="search"
          fullWidth
          autoComplete="off"
          sx={{ maxWidth: 720, mb: 1.5, '& input::-webkit-search-cancel-button': { display: 'none' } }}
          slotProps={{
            htmlInput: { 'data-testid': 'faq-search', enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
              endAdornment: query ? (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={t('search.clear')}
                    onClick={() => setQuery('')}
                    edge="end"
                    size="small"
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box role="status" aria-live="polite" sx={{ minHeight: 0 }}>
          {searching && ready ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="faq-result-count">
              {t('search.results', { count: total })}
            </Typography>
          ) : null}
        </Box>
        {ready ? (
          <Tabs
            value={tab}
            onChange={(_e, value: Tab) => setTab(value)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('tabs.label')}
            sx={{ mx: { xs: -1, sm: -1.5 } }}
          >
            <Tab
              value="all"
              label={<TabLabel label={t('tabs.all')} count={total} />}
              data-testid="faq-tab-all"
            />
            {found.map((s) => (
              <Tab
                key={s.id}
                value={s.id}
                label={<TabLabel label={s.title} count={s.entries.length} />}
                data-testid={`faq-tab-${s.id}`}
              />
            ))}
          </Tabs>
        ) : (
          <Box sx={{ pb: 2 }} />
        )}
      </Paper>

      {settings.isPending ? (
        <LoadingBlock height={360} />
      ) : settings.isError || !settings.data ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          {shownCount === 0 ? (
            <EmptyState
              title={
                searching ? t('noResults.title', { query: deferredQuery.trim() }) : t('noResults.message')
              }
              message={searching ? t('noResults.message') : undefined}
              action={
                <Button variant="outlined" onClick={reset}>
                  {t('noResults.showAll')}
                </Button>
              }
            />
          ) : (
            shown.map((section, i) => (
              <Box
                key={section.id}
                component="section"
                aria-labelledby={`faq-${section.id}-title`}
                sx={{ mb: 3 }}
                data-testid={`faq-section-${section.id}`}
              >
                <Box id={`faq-${section.id}-title`}>
                  <SectionTitle first={i === 0}>{section.title}</SectionTitle>
                </Box>
                <Box sx={{ bgcolor: 'background.paper', borderRadius: 2 }}>
                  {section.entries.map((entry) => (
                    <FaqQuestion
                      key={entry.id}
                      entry={entry}
                      expanded={expanded.has(entry.id)}
                      onToggle={toggle}
                      onCopyLink={copyLink}
                    />
                  ))}
                </Box>
              </Box>
            ))
          )}

          {contact || helpCentre ? (
            <Paper
              component="aside"
              sx={{
                mt: 4,
                p: { xs: 2, sm: 2.5 },
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1.5,
              }}
              data-testid="faq-still-need-help"
            >
              <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>{t('stillNeedHelp')}</Typography>
              {helpCentre ? (
                <Button component={RouterLink} to={href('helpCenterSso')} variant="outlined" size="small">
                  {t('nav:top.help')}
                </Button>
              ) : null}
              {contact ? (
                <Button
                  component="a"
                  href={contact}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  size="small"
                >
                  {t('contactSupport')}
                </Button>
              ) : null}
            </Paper>
          ) : null}
        </>
      )}
    </PageLayout>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  const { i18n } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}{' '}
      <Box
        component="span"
        sx={{
          fontSize: 12,
          fontWeight: 600,
          px: 0.75,
          borderRadius: 8,
          bgcolor: 'action.selected',
          color: 'text.primary',
          minWidth: 20,
          textAlign: 'center',
        }}
      >
        {new Intl.NumberFormat(i18n.language).format(count)}
      </Box>
    </Box>
  );
}
