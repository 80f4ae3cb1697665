import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARTNER_MATCHES } from '@pc/core/contracts/console-lists';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { usePartners, type PartnerRow } from '../api/search-partners.ts';
import { StateChip } from '../components/StateChip.tsx';

/** Partners (partners.read): a search by e-mail, id, name, wallet, site domain or sign-in address, the query in the URL. */
export default function SearchPage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const [params, update] = useUrlParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  // Back and forward change the URL under the field.
  useEffect(() => setText(q), [q]);
  const table = useTableParams(['id'] as const, { key: 'id', dir: 'desc' }, 50);
  const partners = usePartners({ ...(q ? { q } : {}), page: table.query.page, per_page: table.query.per_page });
  const rows = partners.data?.data ?? [];

  const columns: TableColumn<PartnerRow>[] = [
    {
      field: 'id',
      header: t('partners.columns.id'),
      minWidth: 80,
      flex: 0.5,
      hideable: false,
      render: (r) => (
        <Link component={RouterLink} to={`/partners/${r.id}`} data-testid={`partner-open-${r.id}`} onClick={(event) => event.stopPropagation()}>
          #{r.id}
        </Link>
      ),
    },
    { field: 'email', header: t('partners.columns.email'), minWidth: 200, flex: 1.4 },
    { field: 'name', header: t('partners.columns.name'), minWidth: 150, flex: 1 },
    { field: 'created_at', header: t('partners.columns.created'), kind: 'datetime', minWidth: 160 },
    {
      field: 'status',
      header: t('partners.columns.status'),
      minWidth: 130,
      value: (r) => t(`partners.states.${r.status.state}`),
      render: (r) => <StateChip status={r.status} />,
    },
    {
      field: 'matched',
      header: t('partners.columns.matched'),
      minWidth: 140,
      value: (r) => (r.matched && (PARTNER_MATCHES as readonly string[]).includes(r.matched) ? t(`partners.matches.${r.matched}`) : (r.matched ?? '')),
    },
  ];

  return (
    <PageLayout title={t('nav.partners')} breadcrumbs={false} updatedAt={partners.dataUpdatedAt}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box
          component="form"
          role="search"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: text.trim() || null });
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <TextField
            size="small"
            label={t('partners.search.label')}
            placeholder={t('partners.search.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            sx={{ flex: '1 1 320px' }}
            slotProps={{ htmlInput: { 'data-testid': 'partners-q', maxLength: 254, enterKeyHint: 'search' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />} data-testid="partners-search" sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, height: 40 }}>
            {t('partners.search.button')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="partners-search-hint">
          {q ? t('partners.search.found', { count: partners.data?.meta.total ?? 0, q }) : t('partners.search.newest')}
        </Typography>
      </Paper>
      {partners.isError && !partners.data ? (
        <ErrorState error={partners.error} onRetry={() => void partners.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          <DataTable
            label={t('partners.tableLabel')}
            columns={columns}
            rows={rows}
            getRowId={(r) => r.id}
            loading={partners.isFetching}
            paging={table.paging(partners.data?.meta.total ?? 0)}
            onRowClick={(r) => void navigate(`/partners/${r.id}`)}
            emptyTitle={q ? t('partners.search.empty') : t('partners.search.none')}
            {...(q ? { emptyMessage: t('partners.search.emptyHint') } : {})}
            export={{ fileName: 'partners' }}
          />
        </Paper>
      )}
    </PageLayout>
  );
}
