import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRODUCT } from '@pc/core/product';
import { addDaysToDay as addDays, dayKey } from '@pc/core/rules/time';
import { ChoiceToggle } from './ChoiceToggle.tsx';
import {
  GROUPINGS,
  RANGE_PRESETS,
  type GroupingValue,
  type RangeFilterState,
  type RangePreset,
} from './range.ts';

/**
 * The date range of a screen: presets (today, 7 days, 30 days, this week, this month, last month) or a
 * custom range of two days inside the statistics history. Native date inputs: the browser shows them in
 * the partner's locale and no date-picker library is loaded.
 */
export function DateRangeFilter({
  state,
  presets = RANGE_PRESETS,
}: {
  state: RangeFilterState;
  presets?: readonly RangePreset[];
}) {
  const { t } = useTranslation('kit');
  const today = dayKey(new Date());
  // The calls answer at most this far back (the statistics history of the contracts).
  const earliest = addDays(today, -(DEFAULT_PRODUCT.statisticsHistoryDays - 1));
  const [from, setFrom] = useState(state.from ?? addDays(today, -29));
  const [to, setTo] = useState(state.to ?? today);
  const [customOpen, setCustomOpen] = useState(state.preset === 'custom');
  useEffect(() => {
    // Back and forward change the URL under the inputs.
    setCustomOpen(state.preset === 'custom');
    if (state.from) setFrom(state.from);
    if (state.to) setTo(state.to);
  }, [state.preset, state.from, state.to]);

  const error = from > to ? t('range.order') : from < earliest || to > today ? t('range.outside') : '';
  const apply = (f: string, tt: string) => {
    if (f && tt && f <= tt && f >= earliest && tt <= today) state.setCustom(f, tt);
  };

  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      data-testid="date-range"
    >
      <TextField
        fullWidth={false}
        select
        size="small"
        label={t('range.label')}
        value={customOpen ? 'custom' : state.preset}
        onChange={(event) => {
          const next = event.target.value as RangePreset;
          if (next === 'custom') setCustomOpen(true);
          else {
            setCustomOpen(false);
            state.setPreset(next);
          }
        }}
        sx={{ minWidth: 170 }}
        slotProps={{ select: { MenuProps: { disableScrollLock: true } } }}
      >
        {presets.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`range.presets.${preset}`)}
          </MenuItem>
        ))}
      </TextField>
      {customOpen ? (
        <>
          <TextField
            fullWidth={false}
            type="date"
            size="small"
            label={t('range.from')}
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              apply(event.target.value, to);
            }}
            error={Boolean(error)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: earliest, max: today, 'data-testid': 'range-from' },
            }}
          />
          <TextField
            fullWidth={false}
            type="date"
            size="small"
            label={t('range.to')}
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              apply(from, event.target.value);
            }}
            error={Boolean(error)}
            helperText={error || undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: earliest, max: today, 'data-testid': 'range-to' },
            }}
          />
        </>
      ) : null}
    </Box>
  );
}

/** Days, weeks or months. */
export function GroupingToggle({
  value,
  onChange,
}: {
  value: GroupingValue;
  onChange: (next: GroupingValue) => void;
}) {
  const { t } = useTranslation('kit');
  return (
    <ChoiceToggle
      label={t('grouping.label')}
      value={value}
      options={GROUPINGS}
      labelOf={(g) => t(`grouping.${g}`)}
      onChange={onChange}
    />
  );
}

/** A filter bar: the range, grouping and any other control of a screen, wrapping on phones. */
export function FilterBar({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }} role="group">
      {children}
    </Box>
  );
}
