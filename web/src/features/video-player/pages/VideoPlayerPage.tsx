import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { Panel, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { EmbedCode } from '../components/EmbedCode.tsx';
import { PlayerTypes } from '../components/PlayerTypes.tsx';

const minutes = (seconds: number) => formatNumber(seconds / 60, { maximumFractionDigits: 1 });

/**
 * The video player info page (docs/product.md#copies-and-videos): the player types and what a purchase from each pays on PPS and Mixed,
 * the preview a viewer without premium sees, and the embed code. Every figure comes from the product settings.
 */
export default function VideoPlayerPage() {
  const { t } = useTranslation('videoplayer');
  const query = useProductSettings();
  return (
    <PageLayout updatedAt={query.dataUpdatedAt}>
      <QueryBlock query={query} height={420}>
        {(settings) => (
          <Stack spacing={3}>
            <Panel id="video-earn" title={t('earn.title')}>
              <Typography variant="body2">{t('earn.text')}</Typography>
            </Panel>
            <Panel id="video-types" title={t('types.title')}>
              <PlayerTypes shares={settings.plans.sale_shares} />
            </Panel>
            <Panel id="video-preview" title={t('preview.title')}>
              <Typography variant="body2" data-testid="video-preview">
                {t('preview.text', {
                  min: minutes(settings.video.preview_min_seconds),
                  max: minutes(settings.video.preview_max_seconds),
                  count: settings.video.preview_max_seconds / 60,
                })}
              </Typography>
            </Panel>
            <Panel id="video-embed" title={t('embed.title')}>
              <EmbedCode hosts={settings.video.player_hosts} />
            </Panel>
          </Stack>
        )}
      </QueryBlock>
    </PageLayout>
  );
}
