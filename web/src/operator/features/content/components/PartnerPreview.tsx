import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { langDir, type LangCode } from '@pc/core/locales';
import { textFor, type TextsState } from './content-form.ts';

/** The partner app's own labels of a message (namespace `news`), in the previewed language, loaded on demand. */
const partnerTexts = import.meta.glob<{ default: PartnerNewsTexts }>('../../../../../../locales/*/news.json');
interface PartnerNewsTexts {
  item: { new: string; everyone: string; fallback: string };
  notifications: { personal: string; everyone: string };
}

function usePartnerLabels(lang: LangCode): PartnerNewsTexts | null {
  const [labels, setLabels] = useState<{ lang: LangCode; texts: PartnerNewsTexts } | null>(null);
  useEffect(() => {
    let live = true;
    const load = partnerTexts[`../../../../../../locales/${lang}/news.json`];
    void load?.().then((mod) => {
      if (live) setLabels({ lang, texts: mod.default });
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return labels?.lang === lang ? labels.texts : null;
}

const PROJECT_NAMES: Record<string, string> = { fd1: 'fd1', fd2: 'fd2' };

/**
 * The item as a partner reading `lang` will see it in News or Notifications: their text, or the English one marked
 * "Shown in English"; the partner app's labels and date in that language; right to left in Arabic.
 */
export function PartnerPreview({
  kind,
  texts,
  lang,
  audience,
  at,
}: {
  kind: 'news' | 'notifications';
  texts: TextsState;
  lang: LangCode;
  audience: string;
  at: string;
}) {
  const labels = usePartnerLabels(lang);
  const text = textFor(texts, lang);
  const dir = langDir(lang);
  const date = new Intl.DateTimeFormat(lang, kind === 'news' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  const audienceLabel = labels
    ? kind === 'news'
      ? audience
        ? (PROJECT_NAMES[audience] ?? audience)
        : labels.item.everyone
      : audience
        ? labels.notifications.personal
        : labels.notifications.everyone
    : '';
  return (
    <Box dir={dir} lang={lang} data-testid="content-preview" sx={{ textAlign: 'start' }}>
      <Paper
        component="article"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 2.5 }, borderInlineStart: '4px solid', borderInlineStartColor: 'primary.main', bgcolor: kind === 'notifications' ? 'rgba(30,136,229,0.05)' : undefined }}
      >
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.75 }}>
          <Typography variant="caption" color="text.secondary">
            {date}
          </Typography>
          {labels ? <Chip size="small" color="primary" label={labels.item.new} /> : null}
          {audienceLabel ? <Chip size="small" label={audienceLabel} /> : null}
          {text.fallback && labels ? <Chip size="small" variant="outlined" icon={<TranslateOutlined />} label={labels.item.fallback} data-testid="preview-fallback" /> : null}
        </Stack>
        <Box lang={text.lang}>
          <Typography component="h3" dir="auto" sx={{ fontSize: kind === 'news' ? 18 : 16, fontWeight: 700, mb: 0.75, overflowWrap: 'anywhere' }} data-testid="preview-title">
            {text.title}
          </Typography>
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="preview-body">
            {text.body}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
