import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@pc/core/contracts/messages';
import { projectName } from '../../../lib/links.ts';
import { href } from '../../../lib/routes.ts';
import { FallbackChip, MessageMeta, NewChip } from './MessageChips.tsx';

/** An unread message has a coloured edge on its start side (logical: right in Arabic). */
export const unreadEdge = (unread: boolean) => ({
  borderInlineStart: '4px solid',
  borderInlineStartColor: unread ? 'primary.main' : 'transparent',
});

/** One news item of the list: date and labels, the title linking to the article, the excerpt, "read more". */
export function NewsCard({ item }: { item: NewsItem }) {
  const { t } = useTranslation('news');
  const theme = useTheme();
  const to = href('newsArticle', { id: item.id });
  return (
    <Paper component="article" aria-labelledby={`news-${item.id}`} data-testid="news-item" data-unread={String(!item.read)} sx={{ p: { xs: 2, sm: 2.5 }, ...unreadEdge(!item.read) }}>
      <MessageMeta at={item.published_at}>
        {!item.read ? <NewChip /> : null}
        <Chip size="small" label={item.project ? projectName(item.project) : t('item.everyone')} />
        {item.fallback ? <FallbackChip /> : null}
      </MessageMeta>
      <Box lang={item.lang}>
        <Typography variant="h2" id={`news-${item.id}`} sx={{ fontSize: 18, fontWeight: item.read ? 600 : 700, mb: 0.75, overflowWrap: 'anywhere' }} dir="auto">
          <Link component={RouterLink} to={to} underline="hover" color="inherit">
            {item.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} dir="auto">
          {item.excerpt}
        </Typography>
      </Box>
      <Link
        component={RouterLink}
        to={to}
        underline="hover"
        aria-label={t('list.readMoreAbout', { title: item.title })}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, fontSize: 14, fontWeight: 600 }}
      >
        {t('list.readMore')}
        <ArrowForward sx={{ fontSize: 16, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />
      </Link>
    </Paper>
  );
}
