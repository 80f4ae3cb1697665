import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { COUNTRY_GROUPS, PLANS, SALE_KINDS, type Plan } from '@pc/core/product';
import { NO_VALUE, currentLocale, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';

type PlanSettings = ProductSettingsAnswer['plans'];

function countryNames(codes: readonly string[], locale: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const list = codes.map((code) => names?.of(code) ?? code);
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(list);
}

/**
 * The plans compared, as the operator has set them: the share of each kind of sale and the pay per 1000 counted
 * downloads in each country group (with the countries of each group). The partner's plan is highlighted.
 */
export function RatesTable({
  settings,
  highlight,
  countryGroups,
}: {
  settings: PlanSettings;
  highlight: Plan;
  countryGroups: Record<string, string[]>;
}) {
  const { t } = useTranslation('plans');
  const locale = currentLocale();
  const thousand = formatNumber(1000);
  const cellSx = (plan: Plan) => (plan === highlight ? { bgcolor: 'action.selected', fontWeight: 600 } : {});
  const head = (
    <TableRow>
      <TableCell sx={{ width: '40%' }} />
      {PLANS.map((plan) => (
        <TableCell key={plan} align="right" sx={{ ...cellSx(plan), fontWeight: 700 }}>
          {t(`names.${plan}`)}
        </TableCell>
      ))}
    </TableRow>
  );
  const section = (label: string) => (
    <TableRow>
      <TableCell colSpan={PLANS.length + 1} sx={{ fontWeight: 600, bgcolor: 'background.default' }}>
        {label}
      </TableCell>
    </TableRow>
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TableContainer>
        <Table size="small" aria-label={t('compare.tableLabel')} data-testid="rates-table">
          <TableHead>{head}</TableHead>
          <TableBody>
            {section(t('compare.shares'))}
            {SALE_KINDS.map((kind) => (
              <TableRow key={kind} data-testid={`share-${kind}`}>
                <TableCell component="th" scope="row">
                  {t(`compare.kinds.${kind}`)}
                </TableCell>
                {PLANS.map((plan) => {
                  const bp = settings.sale_shares[plan][kind];
                  return (
                    <TableCell key={plan} align="right" sx={cellSx(plan)}>
                      {bp > 0 ? formatPercent(bp / 10_000) : NO_VALUE}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
            {section(t('compare.downloads', { thousand }))}
            {COUNTRY_GROUPS.map((group) => (
              <TableRow key={group} data-testid={`rate-${group}`}>
                <TableCell component="th" scope="row">
                  {t('compare.group', { group })}
                </TableCell>
                {PLANS.map((plan) => {
                  const micro = settings.download_rates[plan][group];
                  return (
                    <TableCell key={plan} align="right" sx={cellSx(plan)}>
                      {micro > 0 ? formatMoney(micro * 1000) : NO_VALUE}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box component="details" data-testid="country-groups" sx={{ '& summary': { cursor: 'pointer', fontWeight: 600, mb: 1 } }}>
        <Typography component="summary" variant="body2">
          {t('compare.countries')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {COUNTRY_GROUPS.map((group) => (
            <Box key={group} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {group}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {countryGroups[group]?.length ? countryNames(countryGroups[group]!, locale) : t('compare.otherCountries')}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
