import { useId, useState, type MouseEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotCountedDownloads } from '@pc/core/contracts/statistics';
import { formatNumber } from '../../../lib/format.ts';
import { href } from '../../../lib/routes.ts';

/** The reasons in the order core's downloadDecision asks them (decision 0200). */
const REASONS = ['refused', 'repeat', 'file_unavailable', 'small_file', 'pps_plan', 'unpaid_group'] as const satisfies ReadonlyArray<
  keyof NotCountedDownloads
>;

/** The FAQ answer about downloads that did not count (its id is its anchor). */
export const NOT_COUNTED_FAQ = 'stats-not-counted';

/**
 * "counted / all" downloads; a click opens the downloads that did not count, by reason, with a link to the FAQ.
 * Inside a table row it keeps its clicks and keys to itself (the row may open something else).
 */
export function DownloadsBreakdown({
  downloads,
  counted,
  notCounted,
  testId,
}: {
  downloads: number;
  counted: number;
  notCounted: NotCountedDownloads;
  testId?: string;
}) {
  const { t } = useTranslation('stats');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const shown = REASONS.filter((reason) => notCounted[reason] > 0);
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  return (
    <>
      <ButtonBase
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
        }}
        aria-haspopup="dialog"
        aria-label={t('reasons.open', { counted: formatNumber(counted), all: formatNumber(downloads) })}
        data-testid={testId}
        sx={{
          font: 'inherit',
          color: 'primary.main',
          borderRadius: 0.5,
          px: 0.5,
          mx: -0.5,
          textDecoration: 'underline dotted',
          textUnderlineOffset: 3,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {/* In the page's direction, as the column's "counted / all" reads: counted first (on the right in Arabic). */}
        <span>
          {formatNumber(counted)} / {formatNumber(downloads)}
        </span>
      </ButtonBase>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onClick={stop}
        onKeyDown={stop}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, 'data-testid': 'reasons-popover', sx: { p: 2, width: 320, maxWidth: 'calc(100vw - 32px)' } } as object }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('reasons.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, fontSize: 14 }}>
          <Row label={t('reasons.all')} value={downloads} strong />
          <Row label={t('reasons.counted')} value={counted} strong />
          {shown.map((reason) => (
            <Row key={reason} label={t(`reasons.${reason}`)} value={notCounted[reason]} testId={`reason-${reason}`} />
          ))}
        </Box>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('reasons.none')}
          </Typography>
        ) : null}
        <Link component={RouterLink} to={href('faq', undefined, NOT_COUNTED_FAQ)} variant="body2" sx={{ display: 'inline-block', mt: 1.5 }}>
          {t('reasons.faq')}
        </Link>
      </Popover>
    </>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: number; strong?: boolean; testId?: string }) {
  return (
    <>
      <Box component="dt" sx={{ m: 0, color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 600 : 400 }}>
        {label}
      </Box>
      <Box component="dd" data-testid={testId} sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : 400 }}>
        {formatNumber(value)}
      </Box>
    </>
  );
}
