import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PayoutRow } from '@pc/core/contracts/payouts';
import { QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePayoutTimeline } from '../api/get-payout-timeline.ts';
import { convertedText, useConversionRateLine } from './ConvertedAmount.tsx';
import { PayoutStatusChip } from './StatusChips.tsx';

/**
 * One payout request's timeline: its figures, every status move with its date (a rejection with its reason),
 * and, while it is being paid, the day it is expected about.
 */
export function TimelineDialog({
  id,
  processingDays,
  onClose,
  walletOf,
}: {
  id: number | null;
  processingDays: number | undefined;
  onClose: () => void;
  walletOf: (row: PayoutRow) => string;
}) {
  const { t } = useTranslation('payouts');
  const timeline = usePayoutTimeline(id);
  const rateLine = useConversionRateLine();
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="payout-timeline-title"
    >
      <DialogTitle id="payout-timeline-title">{t('timeline.title', { id: id ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {id !== null ? (
          <QueryBlock query={timeline} height={200}>
            {({ data, events }) => (
              <Box sx={{ display: 'grid', gap: 2 }} data-testid="payout-timeline">
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
                    gap: 1.5,
                    '& dt': { typography: 'caption', color: 'text.secondary' },
                    '& dd': {
                      m: 0,
                      fontWeight: 600,
                      fontVariantNumeric: 'tabular-nums',
                      overflowWrap: 'anywhere',
                    },
                  }}
                >
                  <div>
                    <dt>{t('timeline.amount')}</dt>
                    <dd>{formatMoney(data.amount)}</dd>
                  </div>
                  <div>
                    <dt>{t('timeline.fee')}</dt>
                    <dd>{formatMoney(data.fee)}</dd>
                  </div>
                  <div>
                    <dt>{t('timeline.received')}</dt>
                    <dd>{formatMoney(data.received)}</dd>
                  </div>
                  <div>
                    <dt>{t('timeline.wallet')}</dt>
                    <dd>{walletOf(data)}</dd>
                  </div>
                  {data.conversion ? (
                    // A card in roubles or hryvnias: what arrives there, at the rate the request keeps (decision 0150).
                    <Box sx={{ gridColumn: '1 / -1' }} data-testid="timeline-converted">
                      <dt>{t('history.columns.converted')}</dt>
                      <dd>
                        {convertedText(data.conversion)}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                          {rateLine(data.conversion)}
                        </Typography>
                      </dd>
                    </Box>
                  ) : null}
                </Box>
                {data.expected_at ? (
                  <Alert severity="info" data-testid="payout-expected">
                    {t('timeline.expected', { date: formatDate(data.expected_at) })}
                  </Alert>
                ) : data.status === 'created' ? (
                  <Alert severity="info">
                    {t('timeline.waitingReview')}{' '}
                    {processingDays !== undefined ? t('request.processing', { count: processingDays }) : ''}
                  </Alert>
                ) : null}
                {data.status === 'rejected' && data.status_reason && !events.some((e) => e.reason) ? (
                  <Alert severity="error" data-testid="timeline-reason">
                    {t('timeline.reason', { reason: data.status_reason })}
                  </Alert>
                ) : null}
                <Typography variant="subtitle2" component="h3">
                  {t('timeline.moves')}
                </Typography>
                <Box
                  component="ol"
                  sx={{
                    m: 0,
                    p: 0,
                    listStyle: 'none',
                    display: 'grid',
                    gap: 1.5,
                    borderInlineStart: 2,
                    borderColor: 'divider',
                    paddingInlineStart: 2,
                  }}
                >
                  {events.map((event, index) => (
                    <Box
                      component="li"
                      key={`${event.status}-${event.at}-${index}`}
                      data-testid="timeline-move"
                    >
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <PayoutStatusChip status={event.status} />
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          component="time"
                          dateTime={event.at}
                        >
                          {formatDateTime(event.at)}
                        </Typography>
                      </Box>
                      {event.reason ? (
                        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="timeline-reason">
                          {t('timeline.reason', { reason: event.reason })}
                        </Typography>
                      ) : null}
                    </Box>
                  ))}
                </Box>
              </Box>
            )}
          </QueryBlock>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('timeline.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
