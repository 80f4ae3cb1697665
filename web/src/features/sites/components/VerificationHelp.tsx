import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SitesAnswer } from '@pc/core/contracts/sites';
import { LoadingBlock, Panel } from '../../../components/layout/QueryState.tsx';
import { CopyField } from '../../../components/copy/CopyField.tsx';

/**
 * How to prove ownership (docs/product.md#site-referrals): the file `<login>.txt` at the root holding the partner's
 * verification code, or the meta tag in the home page's head; each value with a copy button.
 */
export function VerificationHelp({ verification, loading }: { verification: SitesAnswer['verification'] | undefined; loading: boolean }) {
  const { t } = useTranslation('sites');
  return (
    <Panel title={t('verify.title')} id="sites-verify">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('verify.intro')}
      </Typography>
      {verification ? (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="verification-help">
          <Typography variant="subtitle2" component="h3">
            {t('verify.fileTitle')}
          </Typography>
          <Box>
            <Typography variant="body2">{t('verify.fileText', { file: verification.file_name })}</Typography>
            <Typography component="code" dir="ltr" data-testid="verify-file-url" sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere', textAlign: 'left' }}>
              {`https://${t('verify.yourSite')}/${verification.file_name}`}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' } }}>
            <CopyField label={t('verify.fileName')} value={verification.file_name} testId="verify-file" />
            <CopyField label={t('verify.token')} value={verification.token} testId="verify-token" />
          </Box>
          <Divider />
          <Typography variant="subtitle2" component="h3">
            {t('verify.metaTitle')}
          </Typography>
          <Typography variant="body2">{t('verify.metaText')}</Typography>
          <CopyField label={t('verify.metaTag')} value={verification.meta_tag} testId="verify-meta" />
          <Typography variant="body2" color="text.secondary">
            {t('verify.keep')}
          </Typography>
        </Box>
      ) : loading ? (
        <LoadingBlock height={220} />
      ) : null}
    </Panel>
  );
}
