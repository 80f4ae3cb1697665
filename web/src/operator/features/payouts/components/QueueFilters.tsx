import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../../components/filters/FilterSelect.tsx';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { TextFilter } from '../../../components/TextFilter.tsx';
import { STATUSES, SYSTEM_OPTIONS } from './queue-filters.ts';

/** The queue's filters, each kept in the URL: statuses, payout system, amount in USD, creation days, partner. */
export function QueueFilters() {
  const { t } = useTranslation('console');
  const [params, update] = useUrlParams();
  const statuses = (params.get('status') ?? '').split(',').filter((s) => (STATUSES as readonly string[]).includes(s));
  const system = params.get('system') ?? 'all';
  return (
    <FilterBar>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={t('payouts.filters.status')}
        value={statuses}
        onChange={(event) => {
          const value = event.target.value as unknown as string[] | string;
          const next = typeof value === 'string' ? value.split(',') : value;
          update({ status: next.length ? next.join(',') : null });
        }}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 240px' } }}
        slotProps={{
          htmlInput: { 'data-testid': 'queue-status' },
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const list = selected as string[];
              return list.length ? list.map((s) => t(`payouts.statuses.${s}`)).join(', ') : t('payouts.filters.anyStatus');
            },
            MenuProps: { disableScrollLock: true },
          },
          inputLabel: { shrink: true },
        }}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            <Checkbox size="small" checked={statuses.includes(status)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={t(`payouts.statuses.${status}`)} />
          </MenuItem>
        ))}
      </TextField>
      <FilterSelect
        label={t('payouts.filters.system')}
        value={(SYSTEM_OPTIONS as readonly string[]).includes(system) ? system : 'all'}
        options={SYSTEM_OPTIONS}
        labelOf={(value) => (value === 'all' ? t('payouts.filters.anySystem') : t(`payouts.systems.${value}`))}
        onChange={(next) => update({ system: next === 'all' ? null : next })}
        testId="queue-system"
      />
      <TextFilter label={t('payouts.filters.min')} value={params.get('min') ?? ''} onApply={(next) => update({ min: next || null })} testId="queue-min" inputMode="decimal" width={130} />
      <TextFilter label={t('payouts.filters.max')} value={params.get('max') ?? ''} onApply={(next) => update({ max: next || null })} testId="queue-max" inputMode="decimal" width={130} />
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        label={t('payouts.filters.from')}
        value={params.get('from') ?? ''}
        onChange={(event) => update({ from: event.target.value || null })}
        sx={{ minWidth: 150, flex: { xs: '1 1 40%', sm: '0 1 160px' } }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'queue-from' } }}
      />
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        label={t('payouts.filters.to')}
        value={params.get('to') ?? ''}
        onChange={(event) => update({ to: event.target.value || null })}
        sx={{ minWidth: 150, flex: { xs: '1 1 40%', sm: '0 1 160px' } }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'queue-to' } }}
      />
      <TextFilter label={t('payouts.filters.partner')} value={params.get('partner') ?? ''} onApply={(next) => update({ partner: next || null })} testId="queue-partner" width={220} />
    </FilterBar>
  );
}
