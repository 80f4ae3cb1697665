import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AllInclusiveOutlined from '@mui/icons-material/AllInclusiveOutlined';
import { useTranslation } from 'react-i18next';
import { Panel, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { EmptyState } from '../../../components/layout/QueryState.tsx';
import { formatDay } from '../../../lib/format.ts';
import { projectName } from '../../../lib/links.ts';
import { useStoragePeriod } from '../api/get-storage-period.ts';

/** How long files are kept per project (normal and premium terms, or unlimited), and when that is reviewed. */
export function StoragePanel({ onUnlimited }: { onUnlimited: () => void }) {
  const { t } = useTranslation('dashboard');
  const storage = useStoragePeriod();
  return (
    <Panel
      title={t('storage.title')}
      id="storage"
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<AllInclusiveOutlined />}
          onClick={onUnlimited}
          data-testid="open-unlimited"
        >
          {t('storage.unlimited')}
        </Button>
      }
    >
      <QueryBlock
        query={storage}
        height={96}
        isEmpty={(data) => data.data.length === 0}
        empty={<EmptyState title={t('storage.empty')} message={t('storage.emptyHint')} />}
      >
        {(data) => (
          <>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {data.data.map((row) => (
                <Box component="li" key={row.app} data-testid={`storage-${row.app}`}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{projectName(row.app)}</Typography>
                    {row.unlimited ? (
                      <Chip size="small" color="success" label={t('storage.unlimitedOn')} />
                    ) : null}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {row.unlimited
                      ? row.unlimited_until
                        ? t('storage.unlimitedUntil', { date: formatDay(row.unlimited_until) })
                        : t('storage.unlimitedOn')
                      : t('storage.terms', { normal: row.normal_term, premium: row.premium_term })}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
              {t('storage.nextUpdate', { date: formatDay(data.next_update) })}
            </Typography>
          </>
        )}
      </QueryBlock>
    </Panel>
  );
}
