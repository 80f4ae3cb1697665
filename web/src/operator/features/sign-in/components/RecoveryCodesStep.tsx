import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../../components/copy/CopyField.tsx';
import { downloadText } from '../../../../lib/download.ts';
import { SignInCard } from './SignInCard.tsx';

/** The recovery codes as a text file: a line saying what they are, then one code a line. */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return `${header}\r\n\r\n${codes.join('\r\n')}\r\n`;
}

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): copy them or download them as a
 * text file, and say so before going on.
 */
export function RecoveryCodesStep({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone(): Promise<void> }) {
  const { t } = useTranslation('console');
  const [copied, copy] = useCopy();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const text = recoveryCodesText(t('signIn.codes.fileHeader', { email }), codes);
  return (
    <SignInCard title={t('signIn.codes.title')} subtitle={t('signIn.codes.subtitle')} testId="sign-in-codes">
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('signIn.codes.once')}
      </Alert>
      <Box
        component="ol"
        dir="ltr"
        data-testid="recovery-codes"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, m: 0, mb: 2, p: 2, pl: 5, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace', fontSize: 16, userSelect: 'all' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={copied ? <Check /> : <ContentCopy />} onClick={() => void copy(codes.join('\n'))} data-testid="codes-copy">
          {copied ? t('signIn.codes.copied') : t('signIn.codes.copy')}
        </Button>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => downloadText(t('signIn.codes.fileName'), text, 'text/plain;charset=utf-8')} data-testid="codes-download">
          {t('signIn.codes.download')}
        </Button>
      </Stack>
      <FormControlLabel control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} data-testid="codes-saved" />} label={t('signIn.codes.saved')} />
      <Button
        fullWidth
        variant="contained"
        size="large"
        sx={{ mt: 1 }}
        disabled={!saved}
        loading={busy}
        data-testid="codes-continue"
        onClick={() => {
          setBusy(true);
          void onDone().finally(() => setBusy(false));
        }}
      >
        {t('signIn.codes.continue')}
      </Button>
    </SignInCard>
  );
}
