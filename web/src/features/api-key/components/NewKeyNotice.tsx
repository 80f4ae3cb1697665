import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';

/**
 * The new key, in full, this once (the server keeps only its hash): a warning, the key to select or copy, and
 * "I have saved it", which hides it for good.
 */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const { t } = useTranslation('apikey');
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLElement>(null);

  const selectKey = () => {
    const node = field.current;
    const selection = typeof window !== 'undefined' ? window.getSelection() : null;
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key is selected for Ctrl+C instead.
      selectKey();
    }
  };

  return (
    <Alert severity="warning" data-testid="new-key" icon={false} sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>{t('newKey.title')}</AlertTitle>
      {t('newKey.warning')}
      <Box
        component="code"
        ref={field}
        dir="ltr"
        aria-label={t('newKey.label')}
        data-testid="new-key-value"
        onClick={selectKey}
        sx={{
          display: 'block',
          my: 1.5,
          p: 1.5,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 14,
          color: 'text.primary',
          overflowWrap: 'anywhere',
          userSelect: 'all',
        }}
      >
        {apiKey}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" startIcon={copied ? <Check /> : <ContentCopy />} onClick={() => void copy()} data-testid="copy-key">
          {copied ? t('newKey.copied') : t('newKey.copy')}
        </Button>
        <Button size="small" color="inherit" onClick={onDone} data-testid="hide-key">
          {t('newKey.done')}
        </Button>
      </Stack>
    </Alert>
  );
}
