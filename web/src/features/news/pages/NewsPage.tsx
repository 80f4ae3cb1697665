import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { useNews } from '../api/get-news.ts';
import { NewsCard } from '../components/NewsCard.tsx';
import { Pager, usePageParam } from '../components/Pager.tsx';

const PER_PAGE = 10;

/** News (docs/product.md#news-and-notifications): newest first, a page at a time; unread ones marked, texts not in the partner's language marked. */
export default function NewsPage() {
  const { t } = useTranslation('news');
  const [page, setPage] = usePageParam();
  const query = useNews({ page, per_page: PER_PAGE });
  const empty = (
    <Paper>
      <EmptyState title={t('list.empty.title')} message={t('list.empty.message')} />
    </Paper>
  );
  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <QueryBlock query={query} height={360} isEmpty={(data) => data.meta.total === 0} empty={empty}>
        {(data) => (
          <>
            {data.meta.unread > 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="news-unread">
                {t('list.summary', { count: data.meta.unread })}
              </Typography>
            ) : null}
            {data.data.length ? (
              <Stack spacing={2} aria-label={t('list.label')} component="section">
                {data.data.map((item) => (
                  <NewsCard key={item.id} item={item} />
                ))}
              </Stack>
            ) : (
              empty
            )}
            <Pager label={t('list.pages')} page={page} total={data.meta.total} perPage={PER_PAGE} onPage={setPage} />
          </>
        )}
      </QueryBlock>
    </PageLayout>
  );
}
