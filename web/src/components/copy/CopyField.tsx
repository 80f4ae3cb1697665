import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';

/** Copies a text; answers whether it worked (no clipboard on an insecure origin or when refused). */
export function useCopy(): [copied: boolean, copy: (value: string) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2_000);
    } catch {
      // The value stays selectable for Ctrl+C.
    }
  };
  return [copied, copy];
}

/**
 * A value to copy (an invite link, a verification code, a promo link): its label, the value selectable in full
 * (left to right, also in Arabic), and a copy button that says when it has copied.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('kit');
  const [copied, copy] = useCopy();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Box
          component="code"
          dir="ltr"
          data-testid={`${testId}-value`}
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1.5,
            py: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: 14,
            overflowWrap: 'anywhere',
            userSelect: 'all',
            textAlign: 'left',
          }}
        >
          {value}
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={copied ? <Check /> : <ContentCopy />}
          onClick={() => void copy(value)}
          data-testid={`${testId}-copy`}
          aria-label={copied ? t('copy.done') : t('copy.label', { what: label })}
          sx={{ flexShrink: 0 }}
        >
          {copied ? t('copy.done') : t('copy.button')}
        </Button>
      </Stack>
    </Box>
  );
}
