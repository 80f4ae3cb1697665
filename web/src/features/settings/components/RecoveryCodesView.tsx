import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/copy/CopyField.tsx';
import { downloadText } from '../../../lib/download.ts';

/** The text file of the codes: a title line, the account and the codes, one a line. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * Ten recovery codes, shown once: each usable once instead of an app code. Download as a .txt or copy; the
 * codes read left to right in every language.
 */
export function RecoveryCodesView({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useTranslation('settings');
  const [copied, copy] = useCopy();
  const text = recoveryCodesText(codes, t('secondFactor.codes.fileHeading', { email }));
  return (
    <Box data-testid="recovery-codes">
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('secondFactor.codes.warning')}
      </Alert>
      <Box
        component="ol"
        dir="ltr"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          listStyle: 'none',
          p: 2,
          m: 0,
          mb: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => downloadText('partner-cabinet-recovery-codes.txt', text, 'text/plain;charset=utf-8')}
          data-testid="recovery-codes-download"
        >
          {t('secondFactor.codes.download')}
        </Button>
        <Button variant="outlined" startIcon={copied ? <Check /> : <ContentCopy />} onClick={() => void copy(text)} data-testid="recovery-codes-copy">
          {copied ? t('secondFactor.codes.copied') : t('secondFactor.codes.copy')}
        </Button>
      </Stack>
    </Box>
  );
}
