import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { useTranslation } from 'react-i18next';
import type { AvailableWithdrawalAnswer, HoldInfoAnswer } from '@pc/core/contracts/balance';
import { QueryBlock, QueryError } from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';

interface QueryOf<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Available for withdrawal, on hold (with "What is hold?"), payouts in progress and the balance. */
export function BalanceFigures({
  available,
  holdDays,
}: {
  available: QueryOf<AvailableWithdrawalAnswer>;
  /** How long sale earnings stay on hold (hold-info, else the product settings); unknown while neither answered. */
  holdDays: number | undefined;
}) {
  const { t } = useTranslation('payouts');
  const [explained, setExplained] = useState(false);
  const explanationId = useId();
  const figures = available.data;
  return (
    <>
      <QueryError query={available} />
      <StatGrid>
        <StatCard
          label={t('balance.available')}
          value={figures ? formatMoney(figures.amount) : ''}
          loading={available.isPending}
          icon={<PaidOutlined />}
          testId="payouts-available"
        />
        <StatCard
          label={t('balance.onHold')}
          value={figures ? formatMoney(figures.hold) : ''}
          loading={available.isPending}
          icon={<HourglassEmptyOutlined />}
          testId="payouts-hold"
          note={
            holdDays !== undefined ? (
              <Link
                component="button"
                type="button"
                variant="caption"
                aria-expanded={explained}
                aria-controls={explanationId}
                onClick={() => setExplained((open) => !open)}
                data-testid="what-is-hold"
              >
                {t('balance.whatIsHold')}
              </Link>
            ) : undefined
          }
        />
        <StatCard
          label={t('balance.inProgress')}
          value={figures ? formatMoney(figures.in_progress) : ''}
          loading={available.isPending}
          icon={<SyncOutlined />}
          testId="payouts-in-progress"
        />
        <StatCard
          label={t('balance.balance')}
          value={figures ? formatMoney(figures.balance) : ''}
          loading={available.isPending}
          icon={<AccountBalanceWalletOutlined />}
          testId="payouts-balance"
        />
      </StatGrid>
      <Collapse in={explained && holdDays !== undefined} id={explanationId} unmountOnExit>
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          onClose={() => setExplained(false)}
          data-testid="hold-explained"
        >
          {t('balance.holdExplained', { count: holdDays ?? 0 })}
        </Alert>
      </Collapse>
    </>
  );
}

/** The amount on hold by source: files, referrals, site referrals, file copies (and video, Gold bonus when any). */
export function HoldBreakdown({ hold }: { hold: QueryOf<HoldInfoAnswer> }) {
  const { t } = useTranslation('payouts');
  return (
    <QueryBlock query={hold} height={160}>
      {({ breakdown, next_release: next }) => {
        const always = ['files', 'referrals', 'sites_referrals', 'file_copies'] as const;
        const sometimes = (['video', 'gold_bonus'] as const).filter((key) => breakdown[key] !== 0);
        return (
          <Box>
            <Table size="small" aria-label={t('balance.breakdownLabel')} data-testid="hold-breakdown">
              <TableBody>
                {[...always, ...sometimes].map((key) => (
                  <TableRow key={key} data-testid={`hold-${key}`}>
                    <TableCell component="th" scope="row" sx={{ paddingInlineStart: 0 }}>
                      {t(`balance.breakdown.${key}`)}
                    </TableCell>
                    <TableCell
                      sx={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums', paddingInlineEnd: 0 }}
                    >
                      {formatMoney(breakdown[key])}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="next-release">
              {next
                ? t('balance.nextRelease', {
                    amount: formatMoney(next.amount),
                    date: formatDateTime(next.date),
                  })
                : t('balance.nothingOnHold')}
            </Typography>
          </Box>
        );
      }}
    </QueryBlock>
  );
}
