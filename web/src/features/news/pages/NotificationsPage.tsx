import { useEffect, useRef, useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { EmptyState, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkMessagesRead } from '../api/mark-read.ts';
import { NotificationCard } from '../components/NotificationCard.tsx';
import { Pager, usePageParam } from '../components/Pager.tsx';

const PER_PAGE = 20;

/**
 * Notifications (docs/product.md#news-and-notifications): the partner's own and everyone's, newest first. Opening the page marks them read
 * (POST /messages/read): the badge drops at once, and what was new stays highlighted during this visit.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('news');
  const [page, setPage] = usePageParam();
  const query = useNotifications({ page, per_page: PER_PAGE });
  const { mutate: markRead } = useMarkMessagesRead();
  const marked = useRef(false);
  const [newOnes, setNewOnes] = useState<ReadonlySet<number>>(new Set());
  const data = query.data;

  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    const unread = data.data.filter((n) => !n.read).map((n) => n.id);
    if (unread.length) setNewOnes((seen) => (unread.every((id) => seen.has(id)) ? seen : new Set([...seen, ...unread])));
    if (data.meta.unread > 0 && !marked.current) {
      marked.current = true;
      markRead();
    }
  }, [data, query.isPlaceholderData, markRead]);

  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <QueryBlock
        query={query}
        height={360}
        isEmpty={(answer) => answer.meta.total === 0}
        empty={
          <Paper>
            <EmptyState title={t('notifications.empty.title')} message={t('notifications.empty.message')} />
          </Paper>
        }
      >
        {(answer) => (
          <>
            {newOnes.size > 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="notifications-new">
                {t('notifications.newSince')}
              </Typography>
            ) : null}
            <Stack spacing={1.5} component="section" aria-label={t('notifications.label')}>
              {answer.data.map((item) => (
                <NotificationCard key={item.id} item={item} unread={newOnes.has(item.id) || !item.read} />
              ))}
            </Stack>
            <Pager label={t('notifications.pages')} page={page} total={answer.meta.total} perPage={PER_PAGE} onPage={setPage} />
          </>
        )}
      </QueryBlock>
    </PageLayout>
  );
}
