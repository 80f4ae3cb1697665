import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { PlanHistoryRow } from '@pc/core/contracts/plans';
import { utcDay, utcMoment } from './CurrentPlan.tsx';

/** Every plan of the partner in the project, newest first: from when, which, and how it came (a choice, or the activation). */
export function PlanHistory({ rows }: { rows: PlanHistoryRow[] }) {
  const { t } = useTranslation('plans');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('history.title')} data-testid="plan-history">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.from')}</TableCell>
            <TableCell>{t('history.plan')}</TableCell>
            <TableCell>{t('history.how')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.effective_from}-${row.plan}`}>
              <TableCell>{utcDay(row.effective_from)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t(`names.${row.plan}`)}</TableCell>
              <TableCell>{row.activation ? t('history.activation') : t('history.chosen', { date: utcMoment(row.chosen_at) })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
