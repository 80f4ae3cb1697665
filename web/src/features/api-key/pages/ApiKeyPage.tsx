import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { Panel, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { useApiKeyState } from '../api/get-api-key.ts';
import { HowToCall } from '../components/HowToCall.tsx';
import { KeySection } from '../components/KeySection.tsx';
import { PostbacksSection } from '../components/PostbacksSection.tsx';

/**
 * API for webmasters (docs/product.md#webmaster-api; decision 0122): the personal key of the read-only webmaster API and
 * how to call it. The page is a column of panels: further sections of the integration (postbacks) go below.
 */
export default function ApiKeyPage() {
  const { t } = useTranslation('apikey');
  const state = useApiKeyState();
  return (
    <PageLayout>
      <Stack spacing={{ xs: 2, sm: 3 }} sx={{ maxWidth: 960 }}>
        <Typography color="text.secondary" data-testid="api-key-intro">
          {t('intro')}
        </Typography>
        <Panel id="api-key" title={t('key.title')}>
          <QueryBlock query={state} height={160}>
            {(data) => <KeySection state={data} />}
          </QueryBlock>
        </Panel>
        <Panel id="api-key-usage" title={t('howTo.title')}>
          <HowToCall />
        </Panel>
        <PostbacksSection />
      </Stack>
    </PageLayout>
  );
}
