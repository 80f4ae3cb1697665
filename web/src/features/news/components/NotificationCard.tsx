import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@pc/core/contracts/messages';
import { FallbackChip, MessageMeta, NewChip } from './MessageChips.tsx';
import { unreadEdge } from './NewsCard.tsx';

/** One notification, whole: date and time, labels, title and text. `unread` is its state when the page opened. */
export function NotificationCard({ item, unread }: { item: NotificationItem; unread: boolean }) {
  const { t } = useTranslation('news');
  return (
    <Paper
      component="article"
      aria-labelledby={`notification-${item.id}`}
      data-testid="notification-item"
      data-unread={String(unread)}
      sx={{ p: { xs: 2, sm: 2.5 }, ...unreadEdge(unread), bgcolor: unread ? 'rgba(30,136,229,0.05)' : undefined }}
    >
      <MessageMeta at={item.created_at} withTime>
        {unread ? <NewChip /> : null}
        <Chip size="small" variant={item.personal ? 'filled' : 'outlined'} color={item.personal ? 'secondary' : 'default'} label={item.personal ? t('notifications.personal') : t('notifications.everyone')} />
        {item.fallback ? <FallbackChip /> : null}
      </MessageMeta>
      <Box lang={item.lang}>
        <Typography variant="h2" id={`notification-${item.id}`} sx={{ fontSize: 16, fontWeight: unread ? 700 : 600, mb: 0.5, overflowWrap: 'anywhere' }} dir="auto">
          {item.title}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
          {item.body}
        </Typography>
      </Box>
    </Paper>
  );
}
