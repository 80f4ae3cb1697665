import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { yearlySummaryUrl } from '../api/get-yearly-summary.ts';

/** How many calendar years back the picker offers (the current one included). */
const YEARS = 6;

/** The yearly summary (decision 0205): a calendar year's earnings, payouts and fees as PDF or CSV. */
export function YearlySummary({ now = new Date() }: { now?: Date }) {
  const { t, i18n } = useTranslation('statements');
  const current = now.getUTCFullYear();
  const [year, setYear] = useState(current);
  const years = Array.from({ length: YEARS }, (_, i) => current - i);
  const yearText = (y: number) => new Intl.NumberFormat(i18n.language, { useGrouping: false }).format(y);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('screen.yearly.hint')}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('screen.yearly.year')}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ minWidth: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'summary-year' } }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {yearText(y)}
            </MenuItem>
          ))}
        </TextField>
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<DownloadOutlined />}
            href={yearlySummaryUrl(year, format, i18n.language)}
            download
            data-testid={`summary-${format}`}
          >
            {t(`screen.yearly.${format}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
