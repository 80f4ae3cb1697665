import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { API_KEY_PREFIX, WEBMASTER_PATHS } from '@pc/core/contracts/paths';

/** The cabinet's own address: the webmaster API is served from it. */
const origin = () => (typeof window !== 'undefined' ? window.location.origin : '');

/** A curl line that works as written once the partner's key is in PC_API_KEY. */
export function curlExample(base = origin()) {
  return [
    `export PC_API_KEY='${API_KEY_PREFIX}…'`,
    `curl -H "Authorization: Bearer $PC_API_KEY" \\`,
    `  "${base}${WEBMASTER_PATHS.prefix}${WEBMASTER_PATHS.balance}"`,
  ].join('\n');
}

/** How to call the API: the header, one curl example on the real origin, and the reference page. */
export function HowToCall() {
  const { t } = useTranslation('apikey');
  return (
    <Stack spacing={1.5}>
      <Typography>{t('howTo.text')}</Typography>
      <Box
        component="pre"
        dir="ltr"
        data-testid="curl-example"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'grey.900',
          color: 'grey.50',
          fontFamily: 'monospace',
          fontSize: { xs: 12, sm: 13 },
          overflowX: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code>{curlExample()}</code>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('howTo.answers')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Link href={WEBMASTER_PATHS.docs} data-testid="docs-link">
          {t('howTo.docs')}
        </Link>
        <Link href={`${WEBMASTER_PATHS.prefix}${WEBMASTER_PATHS.openapi}`} data-testid="openapi-link">
          {t('howTo.openapi')}
        </Link>
      </Stack>
    </Stack>
  );
}
