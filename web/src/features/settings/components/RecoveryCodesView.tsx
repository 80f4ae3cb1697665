import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ReactNode } from 'react';
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

/**
 * The last step of a dialog that made new codes (the authenticator turned on, or new codes asked for): the codes,
 * under what led to them when there is something to say, and the button that closes the dialog once they are kept.
 */
export function RecoveryCodesStep({ codes, email, onDone, children }: { codes: readonly string[]; email: string; onDone: () => void; children?: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <DialogContent>
        {children}
        <RecoveryCodesView codes={codes} email={email} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone} data-testid="recovery-codes-done">
          {t('secondFactor.codes.saved')}
        </Button>
      </DialogActions>
    </>
  );
}
