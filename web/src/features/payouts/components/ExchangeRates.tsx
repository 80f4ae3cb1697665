import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ExchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import { QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatDay, formatExchangeRate, ltrIsolated } from '../../../lib/format.ts';

interface RatesQuery {
  data: ExchangeRatesAnswer | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The central banks' USD rates with the day each bank set them for (RUB by the Bank of Russia, UAH by the
 * National Bank of Ukraine). A `demo` rate is a placeholder of the demo data and says so.
 */
export function ExchangeRates({ rates }: { rates: RatesQuery }) {
  const { t } = useTranslation('payouts');
  return (
    <Box aria-label={t('rates.label')} component="section" data-testid="exchange-rates">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('rates.title')}
      </Typography>
      <QueryBlock query={rates} height={56}>
        {({ rates: list }) =>
          list.length ? (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
              {list.map((rate) => (
                <Box
                  component="li"
                  key={rate.currency}
                  data-testid={`rate-${rate.currency}`}
                  data-source={rate.source}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {ltrIsolated(t('rates.rate', { rate: formatExchangeRate(rate.rate), currency: rate.currency }))}
                    </Typography>
                    {rate.source === 'demo' ? (
                      <Chip size="small" color="warning" variant="outlined" label={t('rates.demo')} />
                    ) : null}
                  </Box>
                  <Typography
                    variant="caption"
                    color={rate.source === 'demo' ? 'warning.dark' : 'text.secondary'}
                  >
                    {t(`rates.sources.${rate.source}`, { date: formatDay(rate.date) })}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('rates.none')}
            </Typography>
          )
        }
      </QueryBlock>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('rates.note')}
      </Typography>
    </Box>
  );
}
