import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatDateTime } from '../../lib/format.ts';

/** Seconds, minutes or hours ago, in the interface language (Intl.RelativeTimeFormat). */
export function relativeAge(fromMs: number, nowMs: number, locale = currentLocale()): string {
  const seconds = Math.max(0, Math.round((nowMs - fromMs) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  return format.format(-Math.floor(seconds / 3600), 'hour');
}

/**
 * "Updated 12 seconds ago": when the figures on screen were answered; ticks while the page is open. Until they are
 * (updatedAt 0), an empty line of the same height.
 */
export function Freshness({ updatedAt }: { updatedAt: number }) {
  const { t } = useTranslation('kit');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  // Before the first answer its line is kept empty, so the stamp's arrival does not push the page down.
  if (!updatedAt)
    return (
      <Typography variant="caption" aria-hidden sx={{ whiteSpace: 'nowrap' }}>
        {'\u00a0'}
      </Typography>
    );
  return (
    <Tooltip title={formatDateTime(new Date(updatedAt))}>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="freshness"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('updated', { age: relativeAge(updatedAt, Math.max(now, updatedAt)) })}
      </Typography>
    </Tooltip>
  );
}
