import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SimulationAnswer } from '@pc/core/contracts/plans';
import { EmptyState } from '../../../components/layout/QueryState.tsx';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format.ts';

/**
 * The plan simulator: what each plan would have paid for the partner's own traffic of the last 30 days, the best
 * one highlighted, and honestly what is and is not counted.
 */
/** An amount kept in one direction inside a sentence of the other (first-strong isolate … pop). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Columns shown from the sm breakpoint on. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function Simulator({ data }: { data: SimulationAnswer }) {
  const { t } = useTranslation('plans');
  const top = Math.max(0, ...data.plans.map((p) => p.total));
  const current = data.plans.find((p) => p.plan === data.current);
  const best = data.plans.find((p) => p.plan === data.best);
  const name = (plan: string) => t(`names.${plan}`);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="simulator">
      <Typography variant="body2">
        {t('simulator.intro', { from: formatDay(data.from, undefined, 'long'), to: formatDay(data.to, undefined, 'long'), count: data.days })}
      </Typography>
      {best === undefined ? (
        <EmptyState title={t('simulator.emptyTitle')} message={t('simulator.emptyMessage', { count: data.days })} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('simulator.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('simulator.plan')}</TableCell>
                  <TableCell align="right" sx={wide}>
                    {t('simulator.downloads')}
                  </TableCell>
                  <TableCell align="right" sx={wide}>
                    {t('simulator.sales')}
                  </TableCell>
                  <TableCell align="right">{t('simulator.total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.plans.map((p) => {
                  const isBest = p.plan === data.best;
                  return (
                    <TableRow key={p.plan} selected={isBest} data-testid={`sim-${p.plan}`}>
                      <TableCell component="th" scope="row">
                        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          <Typography component="span" sx={{ fontWeight: isBest ? 700 : 500 }}>
                            {name(p.plan)}
                          </Typography>
                          {isBest ? <Chip size="small" color="success" label={t('simulator.best')} /> : null}
                          {p.plan === data.current ? <Chip size="small" variant="outlined" label={t('simulator.current')} /> : null}
                        </Box>
                        <LinearProgress
                          variant="determinate"
                          value={top > 0 ? (p.total / top) * 100 : 0}
                          color={isBest ? 'success' : 'inherit'}
                          sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
                          aria-hidden
                        />
                        {/* On a phone the parts go under the plan's name instead of columns of their own. */}
                        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                          {t('simulator.parts', { downloads: isolate(formatMoney(p.downloads)), sales: isolate(formatMoney(p.sales)) })}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={wide}>
                        {formatMoney(p.downloads)}
                      </TableCell>
                      <TableCell align="right" sx={wide}>
                        {formatMoney(p.sales)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: isBest ? 700 : 400 }}>
                        {formatMoney(p.total)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <Alert severity={best.plan === data.current ? 'success' : 'info'} data-testid="sim-verdict">
            {best.plan === data.current || !current
              ? t('simulator.keep', { plan: name(best.plan) })
              : t('simulator.gain', { plan: name(best.plan), amount: formatMoney(best.total - current.total), current: name(current.plan) })}
          </Alert>
          <Typography variant="body2" data-testid="sim-traffic">
            {t('simulator.traffic', {
              downloads: formatNumber(data.traffic.counted_downloads),
              sales: formatNumber(data.traffic.sales),
              amount: formatMoney(data.traffic.sales_amount),
            })}{' '}
            {t('simulator.earned', { amount: formatMoney(data.earned) })}
          </Typography>
        </>
      )}
      <Box sx={{ color: 'text.secondary' }} data-testid="sim-note">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('simulator.noteTitle')}
        </Typography>
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          <Typography component="li" variant="body2">
            {t('simulator.counted')}
          </Typography>
          <Typography component="li" variant="body2">
            {t('simulator.notCounted')}
          </Typography>
          <Typography component="li" variant="body2">
            {t('simulator.caveat')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
