import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProjectId } from '@pc/core/projects';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ErrorState, LoadingBlock, Panel, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useGoldStatus } from '../api/get-gold-status.ts';
import { GOLD_STATUS_LOADING_HEIGHT, GoldStatusPanel } from '../components/GoldStatusPanel.tsx';

type Level = ProductSettingsAnswer['gold']['levels'][number];

/** The Gold partners programme: the levels as the operator set them, the partner's place, and how coins move. */
export default function GoldPage() {
  const { t } = useTranslation('earnings');
  const app = useParams().app as ProjectId;
  const settings = useProductSettings();
  const status = useGoldStatus({ app });
  const percent = (bp: number) => formatNumber(bp / 10_000, { style: 'percent', maximumFractionDigits: 1 });
  const efficiency = (level: Level) =>
    level.efficiency_to_reach === null
      ? '—'
      : level.efficiency_strict
        ? t('goldPage.above', { amount: formatMoney(level.efficiency_to_reach) })
        : t('goldPage.atLeast', { amount: formatMoney(level.efficiency_to_reach) });
  return (
    <PageLayout updatedAt={status.dataUpdatedAt}>
      <Typography sx={{ mb: 3, maxWidth: 860 }}>{t('goldPage.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Panel title={t('goldPage.yourStatus')} id="your-status">
          {status.isPending ? (
            <LoadingBlock height={GOLD_STATUS_LOADING_HEIGHT} />
          ) : status.isError ? (
            <ErrorState error={status.error} onRetry={() => void status.refetch()} />
          ) : (
            <GoldStatusPanel status={status.data} />
          )}
        </Panel>
        <Panel title={t('goldPage.levels')} id="levels">
          <QueryBlock query={settings} height={280}>
            {(data) => (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table
                  size="small"
                  aria-labelledby="levels-title"
                  data-testid="gold-levels"
                  sx={{ minWidth: 560 }}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('goldPage.level')}</TableCell>
                      <TableCell align="right">{t('goldPage.bonus')}</TableCell>
                      <TableCell align="right">{t('goldPage.coinsToReach')}</TableCell>
                      <TableCell align="right">{t('goldPage.efficiencyToReach')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.gold.levels.map((level) => {
                      const mine = status.data?.current.level === level.level;
                      return (
                        <TableRow key={level.level} selected={mine} data-testid={`gold-level-${level.level}`}>
                          <TableCell component="th" scope="row">
                            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                              <span>
                                {t('gold.levelName', {
                                  level: level.level,
                                  name: t(`gold.levels.${level.name}`),
                                })}
                              </span>
                              {mine ? <Chip size="small" color="primary" label={t('goldPage.you')} /> : null}
                            </Box>
                          </TableCell>
                          <TableCell align="right">{percent(level.bonus_bp)}</TableCell>
                          <TableCell align="right">
                            {level.coins_to_reach === null ? '—' : formatNumber(level.coins_to_reach)}
                          </TableCell>
                          <TableCell align="right">{efficiency(level)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </QueryBlock>
        </Panel>
        <Panel title={t('goldPage.rulesTitle')} id="rules">
          <QueryBlock query={settings} height={160}>
            {(data) => (
              <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }} data-testid="gold-rules">
                <li>{t('goldPage.rules.efficiency')}</li>
                <li>{t('goldPage.rules.coinGain', { hours: data.gold.coin_average_days * 24 })}</li>
                <li>{t('goldPage.rules.coinLoss', { days: data.gold.coin_efficiency_days })}</li>
                <li>{t('goldPage.rules.levelUp')}</li>
                <li>{t('goldPage.rules.keep', { coins: data.gold.top_level_keep_coins })}</li>
                <li>{t('goldPage.rules.lose')}</li>
                <li>{t('goldPage.rules.refunds')}</li>
              </Box>
            )}
          </QueryBlock>
        </Panel>
      </Box>
    </PageLayout>
  );
}
