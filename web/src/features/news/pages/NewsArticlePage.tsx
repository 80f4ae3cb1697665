import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { isApiError } from '../../../lib/http.ts';
import { projectName } from '../../../lib/links.ts';
import { href } from '../../../lib/routes.ts';
import { useNewsArticle } from '../api/get-news-article.ts';
import { FallbackChip, MessageMeta } from '../components/MessageChips.tsx';

/** One news article, whole; opening it marks it read (the server does, the badge and list follow). */
export default function NewsArticlePage() {
  const { t } = useTranslation('news');
  const theme = useTheme();
  const { id = '' } = useParams();
  const query = useNewsArticle(id);
  const article = query.data?.data;
  const notFound = isApiError(query.error) && query.error.status === 404;
  const back = (
    // On the page's grey background the darker blue keeps the link's contrast.
    <Link component={RouterLink} to={href('news')} underline="hover" color="primary.dark" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14, fontWeight: 600, mb: 2 }}>
      <ArrowBack sx={{ fontSize: 16, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />
      {t('article.back')}
    </Link>
  );
  return (
    <PageLayout title={article?.title ?? t('nav:pages.news')}>
      {back}
      {notFound ? (
        <Paper>
          <EmptyState
            title={t('article.notFound.title')}
            message={t('article.notFound.message')}
            action={
              <Button component={RouterLink} to={href('news')} variant="outlined">
                {t('article.back')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <QueryBlock query={query} height={280}>
          {({ data }) => (
            <Paper component="article" sx={{ p: { xs: 2, sm: 3 } }} data-testid="news-article">
              <MessageMeta at={data.published_at}>
                <Chip size="small" label={data.project ? projectName(data.project) : t('item.everyone')} />
                {data.fallback ? <FallbackChip /> : null}
              </MessageMeta>
              <Box lang={data.lang} dir="auto">
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.7, maxWidth: '72ch' }} data-testid="news-body" dir="auto">
                  {data.body}
                </Typography>
              </Box>
            </Paper>
          )}
        </QueryBlock>
      )}
    </PageLayout>
  );
}
