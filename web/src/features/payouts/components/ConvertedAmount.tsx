import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ExchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import type { PayoutConversionView, PurseRow } from '@pc/core/contracts/payouts';
import { convertMicroUsd, payoutConversionCurrency } from '@pc/core/rules/payouts';
import { formatDay, formatExchangeRate, formatMinorUnits, ltrIsolated } from '../../../lib/format.ts';

/** "1 USD = 92.5058 RUB" and "Central Bank of Russia, rate for …" of a rate, in the interface language. */
export function useRateWords() {
  const { t } = useTranslation('payouts');
  return (rate: { currency: string; rate: string; date: string; source: 'cbr' | 'nbu' | 'demo' }) => ({
    rate: ltrIsolated(t('rates.rate', { rate: formatExchangeRate(rate.rate), currency: rate.currency })),
    source: t(`rates.sources.${rate.source}`, { date: formatDay(rate.date) }),
  });
}

/**
 * What a payout to a card in roubles or hryvnias brings in that currency (decision 0150): the amount received at
 * the national bank's last rate, which the request keeps (the server quotes it the same way, core's
 * convertMicroUsd). For a card in that currency with no rate known yet, that it is converted on the day of
 * payment. Nothing for any other wallet.
 */
export function ConvertedAmount({
  wallet,
  receivedMicro,
  rates,
}: {
  wallet: PurseRow;
  /** What the wallet receives in micro-USD (the amount less the fee); undefined while no amount is typed. */
  receivedMicro: number | undefined;
  rates: ExchangeRatesAnswer | undefined;
}) {
  const { t } = useTranslation('payouts');
  const words = useRateWords();
  const currency = payoutConversionCurrency(wallet.type, wallet.details);
  if (!currency || !rates) return null;
  const rate = rates.rates.find((r) => r.currency === currency);
  // The server quotes a payout only at a fresh rate; an older one means the bank's feed has stopped.
  const text = !rate
    ? t('conversion.noRate', { currency })
    : !rate.quotes_payouts
      ? t('conversion.staleRate', { currency, date: formatDay(rate.date) })
      : receivedMicro === undefined
        ? null
        : t('conversion.quote', { amount: formatMinorUnits(convertMicroUsd(receivedMicro, rate.rate), currency), ...words(rate) });
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="quote-converted" data-currency={currency} sx={{ m: 0 }}>
      {text}
    </Typography>
  );
}

/** A request's rate and its source in one line ("1 USD = 92.5058 RUB · Central Bank of Russia, rate for …"). */
export function useConversionRateLine() {
  const words = useRateWords();
  return (c: PayoutConversionView) => Object.values(words({ currency: c.currency, rate: c.rate, date: c.rate_date, source: c.source })).join(' · ');
}

/** A request's amount in roubles or hryvnias as it was quoted, for the history (empty for a payout in dollars). */
export function convertedText(conversion: PayoutConversionView | null): string {
  return conversion ? formatMinorUnits(conversion.amount_minor, conversion.currency) : '';
}
