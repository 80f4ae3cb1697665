import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/** "Shown in English": the operator wrote no text in the partner's language. */
export function FallbackChip() {
  const { t } = useTranslation('news');
  return (
    <Tooltip title={t('item.fallbackHint')}>
      <Chip
        size="small"
        variant="outlined"
        icon={<TranslateOutlined />}
        label={t('item.fallback')}
        data-testid="fallback"
        aria-description={t('item.fallbackHint')}
      />
    </Tooltip>
  );
}

export function NewChip() {
  const { t } = useTranslation('news');
  return <Chip size="small" color="primary" label={t('item.new')} data-testid="unread-marker" />;
}

/** The line above a message: its date, then its labels (new, project, fallback), wrapping on phones. */
export function MessageMeta({ at, withTime = false, children }: { at: string; withTime?: boolean; children?: ReactNode }) {
  return (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="time" dateTime={at}>
        {withTime ? formatDateTime(at) : formatDate(at)}
      </Typography>
      {children}
    </Stack>
  );
}
