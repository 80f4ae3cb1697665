import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  ColumnsPanelTrigger,
  DataGrid,
  Toolbar,
  ToolbarButton,
  useGridApiRef,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridLocaleText,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { arSD, deDE, enUS, esES, frFR, jaJP, ptBR, ruRU, trTR } from '@mui/x-data-grid/locales';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { feedback } from '../feedback/feedback-store.ts';
import { EmptyState } from '../layout/QueryState.tsx';
import { formatCell } from './format-cell.ts';
import { downloadCsv, rawValue, toCsv } from './csv.ts';
import { PAGE_SIZES } from './table-state.ts';
import type { DataTableProps, TableColumn } from './types.ts';

const GRID_TEXTS: Record<string, Partial<GridLocaleText>> = {
  ar: arSD.components.MuiDataGrid.defaultProps.localeText,
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  ja: jaJP.components.MuiDataGrid.defaultProps.localeText,
  pt: ptBR.components.MuiDataGrid.defaultProps.localeText,
  ru: ruRU.components.MuiDataGrid.defaultProps.localeText,
  tr: trTR.components.MuiDataGrid.defaultProps.localeText,
};

const NUMERIC = new Set(['count', 'money', 'bytes', 'gb']);

interface ToolbarProps {
  onExport?: () => void;
  exporting: { done: number; total: number } | null;
  extra?: React.ReactNode;
}

function TableToolbar({ onExport, exporting, extra }: ToolbarProps) {
  const { t } = useTranslation('kit');
  return (
    <Toolbar style={{ flexWrap: 'wrap', gap: 8, justifyContent: 'flex-start', minHeight: 52 }}>
      {extra ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: '1 1 auto' }}>
          {extra}
        </Box>
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
      <Tooltip title={t('table.columns')}>
        <ColumnsPanelTrigger render={<ToolbarButton aria-label={t('table.columns')} />}>
          <ViewColumnOutlined fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      {onExport ? (
        <Tooltip title={t('table.export')}>
          <span>
            <ToolbarButton
              aria-label={t('table.export')}
              onClick={onExport}
              disabled={exporting !== null}
              data-testid="export-csv"
            >
              <FileDownloadOutlined fontSize="small" />
            </ToolbarButton>
          </span>
        </Tooltip>
      ) : null}
      {exporting ? (
        <Box sx={{ width: '100%' }} role="status" aria-live="polite" data-testid="export-progress">
          <Typography variant="caption" color="text.secondary">
            {t('table.exporting', { done: exporting.done, total: exporting.total })}
          </Typography>
          <LinearProgress
            variant={exporting.total ? 'determinate' : 'indeterminate'}
            value={exporting.total ? (100 * exporting.done) / exporting.total : 0}
          />
        </Box>
      ) : null}
    </Toolbar>
  );
}

export default function DataGridView<R>(props: DataTableProps<R>) {
  const {
    columns,
    rows,
    getRowId,
    label,
    loading,
    paging,
    sort,
    onRowClick,
    emptyTitle,
    emptyMessage,
    initialSort,
    selection,
  } = props;
  const { t, i18n } = useTranslation('kit');
  const apiRef = useGridApiRef();
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const lang = i18n.language;
  // Figures line up at the end of the line: the right in left-to-right languages, the left in Arabic.
  const numberAlign = useTheme().direction === 'rtl' ? 'left' : 'right';

  const gridColumns = useMemo<GridColDef[]>(
    () =>
      columns.map((column: TableColumn<R>) => {
        const kind = column.kind ?? 'text';
        const numeric = NUMERIC.has(kind);
        return {
          field: column.field,
          headerName: column.header,
          type: numeric ? 'number' : 'string',
          align: numeric ? numberAlign : undefined,
          headerAlign: numeric ? numberAlign : undefined,
          sortable: column.sortable ?? false,
          hideable: column.hideable ?? true,
          minWidth: column.minWidth ?? (numeric ? 110 : 140),
          flex: column.flex ?? 1,
          filterable: false,
          valueGetter: (_value: unknown, row: R) => rawValue(column, row),
          valueFormatter: (value: unknown) =>
            formatCell(kind, value as string | number | null | undefined, lang),
          renderCell: column.render ? (params: { row: R }) => column.render!(params.row) : undefined,
        } satisfies GridColDef;
      }),
    [columns, lang, numberAlign],
  );

  // A new sort model makes the grid go back to the first page: it changes only when the sort does.
  const sortKey = sort?.key;
  const sortDir = sort?.dir;
  const sortModel = useMemo<GridSortModel | undefined>(
    () => (sortKey && sortDir ? [{ field: sortKey, sort: sortDir }] : undefined),
    [sortKey, sortDir],
  );

  const visibleColumns = () => {
    const shown = new Set(
      apiRef.current?.getVisibleColumns().map((c) => c.field) ?? columns.map((c) => c.field),
    );
    const order = apiRef.current?.getVisibleColumns().map((c) => c.field) ?? columns.map((c) => c.field);
    return order
      .map((field) => columns.find((c) => c.field === field))
      .filter((c): c is TableColumn<R> => Boolean(c && shown.has(c.field)));
  };

  const selectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selection ? { type: 'include', ids: new Set<GridRowId>(selection.selected) } : undefined),
    [selection],
  );
  const selectionProps = selection
    ? {
        checkboxSelection: true,
        rowSelectionModel: selectionModel,
        isRowSelectable: selection.isSelectable ? (params: { row: R }) => selection.isSelectable!(params.row) : undefined,
        onRowSelectionModelChange: (model: GridRowSelectionModel) => {
          // "Select all" arrives as everything but the listed ids.
          const ids =
            model.type === 'include'
              ? [...model.ids]
              : rows.filter((row) => !selection.isSelectable || selection.isSelectable(row)).map(getRowId).filter((id) => !model.ids.has(id));
          selection.onChange(ids.map((id) => (typeof id === 'number' ? id : String(id))));
        },
      }
    : {};

  const runExport = props.export
    ? async () => {
        const spec = props.export!;
        try {
          let all: readonly R[];
          if (spec.fetchAll) {
            setExporting({ done: 0, total: paging?.total ?? 0 });
            all = await spec.fetchAll((done, total) => setExporting({ done, total }));
          } else {
            // A table that holds all its rows: in the order the partner sorted them.
            const ids = apiRef.current?.getSortedRowIds() ?? rows.map(getRowId);
            const byId = new Map(rows.map((row) => [getRowId(row), row]));
            all = ids.map((id) => byId.get(id)).filter((row): row is R => row !== undefined);
          }
          downloadCsv(spec.fileName, toCsv(visibleColumns(), all));
        } catch {
          feedback.snackbar(t('table.exportFailed'));
        } finally {
          setExporting(null);
        }
      }
    : undefined;

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        apiRef={apiRef}
        aria-label={label}
        label={label}
        rows={rows as R[]}
        columns={gridColumns}
        getRowId={(row: R) => getRowId(row)}
        localeText={GRID_TEXTS[lang] ?? GRID_TEXTS.en}
        autoHeight
        density="compact"
        {...(props.rowHeight === 'auto' ? { getRowHeight: () => 'auto' as const } : {})}
        columnHeaderHeight={52}
        loading={loading}
        disableRowSelectionOnClick
        {...selectionProps}
        disableColumnFilter
        disableColumnMenu
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={setVisibility}
        showToolbar
        slots={{
          toolbar: TableToolbar as never,
          noRowsOverlay: () => <EmptyState title={emptyTitle} message={emptyMessage} />,
        }}
        slotProps={{
          toolbar: { onExport: runExport, exporting, extra: props.toolbar } as never,
          loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
        }}
        sx={{
          bgcolor: 'background.paper',
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': onRowClick ? { cursor: 'pointer' } : undefined,
          '& .MuiDataGrid-cell[data-field]': { fontVariantNumeric: 'tabular-nums' },
          // Rows as tall as their content: a one-line cell sits in the middle beside a two-line one, not at the top.
          ...(props.rowHeight === 'auto' ? { '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } } : {}),
          // Long headers ("Downloads today") wrap instead of being cut off.
          '& .MuiDataGrid-columnHeaderTitle': {
            whiteSpace: 'normal',
            lineHeight: 1.2,
            overflowWrap: 'normal',
          },
        }}
        onRowClick={onRowClick ? (params) => onRowClick(params.row as R) : undefined}
        pageSizeOptions={props.pageSizeOptions ?? PAGE_SIZES}
        {...(paging
          ? {
              paginationMode: 'server' as const,
              rowCount: paging.total,
              paginationModel: { page: paging.page - 1, pageSize: paging.perPage },
              onPaginationModelChange: (model: { page: number; pageSize: number }) =>
                paging.onChange(model.pageSize !== paging.perPage ? 1 : model.page + 1, model.pageSize),
            }
          : { initialState: { pagination: { paginationModel: { pageSize: 25 } } } })}
        {...(sort
          ? {
              sortingMode: 'server' as const,
              sortModel,
              sortingOrder: ['desc', 'asc'] as const,
              onSortModelChange: (model: GridSortModel) => {
                const first = model[0];
                if (first?.sort) sort.onChange(first.field, first.sort);
                else sort.onChange(sort.key, sort.dir === 'asc' ? 'desc' : 'asc');
              },
            }
          : initialSort
            ? {
                initialState: {
                  pagination: { paginationModel: { pageSize: 25 } },
                  sorting: { sortModel: [{ field: initialSort.key, sort: initialSort.dir }] },
                },
              }
            : {})}
      />
    </Box>
  );
}
