import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@pc/core/contracts/staff';
import { resolveRange } from '@pc/core/contracts/ranges';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { DateRangeFilter, FilterBar } from '../../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../../components/filters/FilterSelect.tsx';
import { useRangeFilter } from '../../../../components/filters/range.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { formatDay, NO_VALUE } from '../../../../lib/format.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useActors } from '../api/get-actors.ts';
import { useAudit, type AuditFilters } from '../api/get-audit.ts';
import { useExportAuditCsv } from '../api/export-audit-csv.ts';
import { ChangeCell } from '../components/ChangeCell.tsx';
import { TextFilter } from '../../../components/TextFilter.tsx';

const ANYONE = 'all';
/** Actions made with the shared OPERATOR_TOKEN (the CLI), which names its operator in a header. */
const LEGACY = 'legacy';

/** The actor filter of the URL (`?actor=staff:3`, `token:5`, `legacy`) as the calls take it. */
export function actorQuery(actor: string): Pick<AuditFilters, 'staff_id' | 'token_id' | 'actor_kind'> {
  const [kind, id] = actor.split(':');
  const n = Number(id);
  if (kind === 'staff' && Number.isInteger(n) && n > 0) return { staff_id: n };
  if (kind === 'token' && Number.isInteger(n) && n > 0) return { token_id: n };
  if (actor === LEGACY) return { actor_kind: 'legacy' };
  return {};
}

/** Audit log (audit.read): who did what to what and when, filtered, paged, and exported as CSV by the server. */
export default function AuditPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const [params, update] = useUrlParams();
  const range = useRangeFilter('30d');
  const table = useTableParams(['at'] as const, { key: 'at', dir: 'desc' }, 50);
  const mayList = useMemo(() => ({ staff: mayDo(me, 'staff.manage'), tokens: mayDo(me, 'tokens.manage') }), [me]);
  const actors = useActors(mayList);
  const exportCsv = useExportAuditCsv();

  const actor = params.get('actor') ?? ANYONE;
  const action = params.get('action') ?? '';
  const target = params.get('target') ?? '';
  const days = resolveRange(range.query, new Date());
  const filters: AuditFilters = {
    ...actorQuery(actor),
    ...(action ? { action } : {}),
    ...(target ? { target } : {}),
    from: days.from,
    to: days.to,
  };
  const audit = useAudit({ ...filters, page: table.query.page, per_page: table.query.per_page });

  const actorOptions = [ANYONE, ...(actors.data ?? []).map((a) => `${a.kind}:${a.id}`), LEGACY];
  // A filter of the URL whose actor the list does not hold (yet) still reads as something.
  if (!actorOptions.includes(actor)) actorOptions.splice(1, 0, actor);
  const actorLabel = (value: string) => {
    if (value === ANYONE) return t('audit.filters.anyone');
    if (value === LEGACY) return t('audit.filters.legacy');
    const found = actors.data?.find((a) => `${a.kind}:${a.id}` === value);
    return found ? `${found.name} (${t(`audit.kinds.${found.kind}`)})` : value;
  };

  const columns: TableColumn<AuditRow>[] = [
    { field: 'at', header: t('audit.columns.when'), kind: 'datetime', minWidth: 165, hideable: false },
    {
      field: 'actor',
      header: t('audit.columns.who'),
      minWidth: 180,
      flex: 1.3,
      value: (r) => r.actor.name,
      render: (r) => (
        <Box sx={{ py: 0.75, minWidth: 0, lineHeight: 1.3 }}>
          <Typography noWrap sx={{ fontSize: 14, fontWeight: 600 }}>
            {r.actor.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`audit.kinds.${r.actor.kind}`)} sx={{ height: 20, fontSize: 11, mt: 0.25 }} />
        </Box>
      ),
    },
    { field: 'role', header: t('audit.columns.role'), minWidth: 110, value: (r) => (r.role ? t(`roles.${r.role}`) : NO_VALUE) },
    {
      field: 'action',
      header: t('audit.columns.action'),
      minWidth: 170,
      flex: 1.2,
      render: (r) => (
        <Box component="code" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
          {r.action}
        </Box>
      ),
    },
    {
      field: 'target',
      header: t('audit.columns.target'),
      minWidth: 130,
      value: (r) => (r.target ? `${r.target.type}:${r.target.id}` : null),
      render: (r) =>
        r.target ? (
          <Box component="code" sx={{ fontSize: 13 }}>
            {r.target.id ? `${r.target.type}:${r.target.id}` : r.target.type}
          </Box>
        ) : (
          NO_VALUE
        ),
    },
    { field: 'change', header: t('audit.columns.change'), minWidth: 140, value: () => '', render: (r) => <ChangeCell row={r} /> },
    { field: 'ip', header: t('audit.columns.address'), minWidth: 130, value: (r) => r.ip },
  ];

  return (
    <PageLayout
      title={t('nav.audit')}
      breadcrumbs={false}
      updatedAt={audit.dataUpdatedAt}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={exportCsv.isPending}
          data-testid="audit-export"
          onClick={() =>
            exportCsv.mutate(filters, {
              onError: (error) => feedback.snackbar(refusalMessage(error, t('audit.exportFailed'))),
            })
          }
        >
          {t('audit.export')}
        </Button>
      }
    >
      <FilterBar>
        <FilterSelect label={t('audit.filters.who')} value={actor} options={actorOptions} labelOf={actorLabel} onChange={(next) => update({ actor: next === ANYONE ? null : next })} testId="audit-actor" minWidth={200} />
        <TextFilter label={t('audit.filters.action')} value={action} onApply={(next) => update({ action: next || null })} helperText={t('audit.filters.actionHint')} testId="audit-action" />
        <TextFilter label={t('audit.filters.target')} value={target} onApply={(next) => update({ target: next || null })} helperText={t('audit.filters.targetHint')} testId="audit-target" />
        <DateRangeFilter state={range} />
      </FilterBar>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="audit-period">
        {t('audit.period', { from: formatDay(days.from), to: formatDay(days.to) })}
      </Typography>
      {audit.isError && !audit.data ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          <DataTable
            label={t('audit.tableLabel')}
            columns={columns}
            rows={audit.data?.data ?? []}
            getRowId={(r) => r.id}
            loading={audit.isFetching}
            paging={table.paging(audit.data?.meta.total ?? 0)}
            emptyTitle={t('audit.empty')}
            emptyMessage={t('audit.emptyHint')}
            rowHeight="auto"
          />
        </Paper>
      )}
    </PageLayout>
  );
}
