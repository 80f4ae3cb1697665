import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { QueryBlock } from '../../../../components/layout/QueryState.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { useContentList, type ContentItem } from '../api/get-content-list.ts';
import { useWithdrawContent } from '../api/withdraw-content.ts';
import { ContentStatusChip } from '../components/StatusChip.tsx';

const PER_PAGE = 50;

/** Content (content.write): news and notifications in two tabs, newest publish time first, with edit and withdraw. */
export default function ContentListPage() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const kind: ContentKind = params.get('tab') === 'notifications' ? 'notifications' : 'news';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useContentList(kind, { page, per_page: PER_PAGE });
  const withdraw = useWithdrawContent();
  const [withdrawing, setWithdrawing] = useState<ContentItem | null>(null);

  const audienceOf = (item: ContentItem) =>
    'project' in item ? (item.project ? t('content.audience.project', { project: item.project }) : t('content.audience.allPartners')) : item.user_id === null ? t('content.audience.allPartners') : (item.email ?? `#${item.user_id}`);

  const columns: TableColumn<ContentItem>[] = [
    {
      field: 'title',
      header: t('content.columns.title'),
      minWidth: 240,
      flex: 2,
      hideable: false,
      value: (item) => item.texts.en?.title ?? '',
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{item.texts.en?.title ?? ''}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid={`content-langs-${item.id}`}>
            {Object.keys(item.texts).join(' · ').toUpperCase()}
          </Typography>
        </Box>
      ),
    },
    { field: 'audience', header: t('content.columns.audience'), minWidth: 170, flex: 1, value: audienceOf },
    { field: 'publish_at', header: t('content.columns.publishAt'), minWidth: 170, value: (item) => item.publish_at, render: (item) => formatDateTime(item.publish_at) },
    { field: 'status', header: t('content.columns.status'), minWidth: 130, value: (item) => item.status, render: (item) => <ContentStatusChip status={item.status} /> },
    {
      field: 'actions',
      header: t('content.columns.actions'),
      minWidth: 190,
      hideable: false,
      value: () => '',
      render: (item) =>
        item.status === 'withdrawn' ? null : (
          <Stack direction="row" spacing={1}>
            <Button size="small" component={RouterLink} to={`${kind}/${item.id}`} data-testid={`content-edit-${item.id}`}>
              {t('content.edit')}
            </Button>
            <Button size="small" color="error" onClick={() => setWithdrawing(item)} data-testid={`content-withdraw-${item.id}`}>
              {t('content.withdraw')}
            </Button>
          </Stack>
        ),
    },
  ];

  const total = list.data?.meta.total ?? 0;
  return (
    <PageLayout
      title={t('nav.content')}
      breadcrumbs={false}
      actions={
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${kind}/new`} data-testid="content-new">
          {kind === 'news' ? t('content.newNews') : t('content.newNotification')}
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('content.intro')}
      </Typography>
      <Tabs value={kind} onChange={(_, value: ContentKind) => setParams(value === 'news' ? {} : { tab: value })} sx={{ mb: 2 }} aria-label={t('content.tabsLabel')}>
        <Tab value="news" label={t('content.tabs.news')} data-testid="content-tab-news" />
        <Tab value="notifications" label={t('content.tabs.notifications')} data-testid="content-tab-notifications" />
      </Tabs>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <QueryBlock query={list} height={240}>
          {(answer) => (
            <DataTable
              label={kind === 'news' ? t('content.tabs.news') : t('content.tabs.notifications')}
              columns={columns}
              rows={answer.data}
              getRowId={(item) => item.id}
              emptyTitle={kind === 'news' ? t('content.emptyNews') : t('content.emptyNotifications')}
              emptyMessage={t('content.emptyHint')}
              rowHeight="auto"
            />
          )}
        </QueryBlock>
        {total > PER_PAGE ? (
          <Pagination
            sx={{ mt: 2 }}
            page={page}
            count={Math.ceil(total / PER_PAGE)}
            onChange={(_, p) => setParams(kind === 'news' ? { page: String(p) } : { tab: kind, page: String(p) })}
          />
        ) : null}
      </Paper>
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? t('content.confirm.title', { title: withdrawing.texts.en?.title ?? '' }) : ''}
        message={kind === 'news' ? t('content.confirm.messageNews') : t('content.confirm.messageNotification')}
        confirmLabel={t('content.withdraw')}
        danger
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (!withdrawing) return;
          const item = withdrawing;
          withdraw.mutate(
            { kind, id: item.id },
            {
              onSuccess: () => feedback.snackbar(t('content.withdrawn')),
              onError: (error) => feedback.snackbar(refusalMessage(error, t('content.withdrawFailed'))),
              onSettled: () => setWithdrawing(null),
            },
          );
        }}
      />
    </PageLayout>
  );
}
