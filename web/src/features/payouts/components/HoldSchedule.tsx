import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HoldInfoAnswer } from '@pc/core/contracts/balance';
import { Chart } from '../../../components/charts/Chart.tsx';
import { QueryBlock, type QueryLike } from '../../../components/layout/QueryState.tsx';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/format.ts';

/**
 * When the money on hold becomes available, day by day until nothing is held (the hold-info call's schedule, from
 * the same rule as the balance: its days add up to the amount on hold), and the available money that waits for
 * another reason (a cooling-off window, a wallet's waiting period) with its date.
 */
export function HoldSchedule({ hold }: { hold: QueryLike<HoldInfoAnswer> }) {
  const { t } = useTranslation('payouts');
  return (
    <QueryBlock query={hold} height={200}>
      {({ schedule, waits }) => (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="hold-schedule">
          {waits.map((wait) => (
            <Alert key={wait.reason} severity="info" data-testid={`wait-${wait.reason}`}>
              {t(`balance.waits.${wait.reason}`, { amount: formatMoney(wait.amount), date: formatDateTime(wait.until) })}
            </Alert>
          ))}
          {schedule.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('balance.nothingOnHold')}
            </Typography>
          ) : (
            <>
              <Chart
                type="bar"
                title={t('balance.schedule.chartTitle')}
                categoryLabel={t('balance.schedule.day')}
                categories={schedule.map((d) => formatDay(d.day))}
                series={[{ key: 'released', label: t('balance.schedule.released'), data: schedule.map((d) => d.amount) }]}
                valueKind="money"
                height={180}
              />
              <Table size="small" aria-label={t('balance.schedule.title')}>
                <TableBody>
                  {schedule.map((d) => (
                    <TableRow key={d.day} data-testid="schedule-day">
                      <TableCell sx={{ paddingInlineStart: 0 }}>
                        {t('balance.schedule.row', { amount: formatMoney(d.amount), date: formatDay(d.day) })}
                      </TableCell>
                      <TableCell sx={{ textAlign: 'end', color: 'text.secondary', paddingInlineEnd: 0 }}>
                        {d.held_after > 0 ? t('balance.schedule.heldAfter', { amount: formatMoney(d.held_after) }) : t('balance.schedule.allFree')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Box>
      )}
    </QueryBlock>
  );
}
