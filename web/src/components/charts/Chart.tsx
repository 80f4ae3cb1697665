import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { visuallyHidden } from '@mui/utils';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../layout/QueryState.tsx';
import { formatChartValue } from './format-value.ts';
import type { ChartProps } from './types.ts';

// The charts library (about 110 KB gzip) arrives only with the first chart a route shows.
const ChartView = lazy(() => import('./ChartView.tsx'));

/**
 * A bar or line chart with tooltips, a legend, currency axes and right-to-left support, and its figures as a
 * table: read by screen readers always, and shown instead of the chart when the partner asks for it.
 */
export function Chart(props: ChartProps) {
  const { t } = useTranslation('kit');
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const height = props.height ?? 300;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Button
          size="small"
          startIcon={asTable ? <ShowChartOutlined /> : <TableChartOutlined />}
          onClick={() => setAsTable((v) => !v)}
          aria-pressed={asTable}
          data-testid="chart-as-table"
        >
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </Button>
      </Box>
      {asTable ? null : (
        <Box role="img" aria-label={props.title} aria-describedby={tableId} sx={{ height, minWidth: 0 }}>
          <Suspense fallback={<LoadingBlock height={height} />}>
            <ChartView {...props} height={height} />
          </Suspense>
        </Box>
      )}
      <ChartTable {...props} id={tableId} visible={asTable} />
    </Box>
  );
}

function ChartTable({
  id,
  visible,
  title,
  categories,
  categoryLabel,
  series,
  valueKind,
  extraColumns = [],
}: ChartProps & { id: string; visible: boolean }) {
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  return (
    <TableContainer
      sx={visible ? { maxHeight: 420, overflow: 'auto' } : visuallyHidden}
      id={id}
      data-testid="chart-table"
    >
      <Table size="small" stickyHeader aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {categoryLabel}
            </TableCell>
            {series.map((s) => (
              <TableCell key={s.key} component="th" scope="col" align={end}>
                {s.label}
              </TableCell>
            ))}
            {extraColumns.map((c) => (
              <TableCell key={c.label} component="th" scope="col" align={end}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {categories.map((category, i) => (
            <TableRow key={`${category}-${i}`}>
              <TableCell component="th" scope="row">
                {category}
              </TableCell>
              {series.map((s) => (
                <TableCell key={s.key} align={end} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatChartValue(valueKind, s.data[i] ?? null)}
                </TableCell>
              ))}
              {extraColumns.map((c) => (
                <TableCell key={c.label} align={end}>
                  {c.values[i]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
