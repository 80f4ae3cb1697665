import { useTranslation } from 'react-i18next';
import { DateRangeFilter, FilterBar } from '../../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../../components/filters/FilterSelect.tsx';
import type { RangeFilterState } from '../../../../components/filters/range.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { KIND_OPTIONS, PROJECT_OPTIONS } from './flagged-filters.ts';

/** The period, project and flags of both screens (in the URL); the list adds its own partner and order controls. */
export function FlaggedFilterBar({ range, children }: { range: RangeFilterState; children?: React.ReactNode }) {
  const { t } = useTranslation('console');
  const [params, update] = useUrlParams();
  const project = PROJECT_OPTIONS.find((p) => p === params.get('project')) ?? 'all';
  const kind = KIND_OPTIONS.find((k) => k === params.get('kind')) ?? 'both';
  return (
    <FilterBar>
      <DateRangeFilter state={range} />
      <FilterSelect
        label={t('flagged.filters.project')}
        value={project}
        options={PROJECT_OPTIONS}
        labelOf={(v) => (v === 'all' ? t('flagged.filters.anyProject') : v.toUpperCase())}
        onChange={(next) => update({ project: next === 'all' ? null : next, page: null })}
        testId="flagged-project"
        minWidth={130}
      />
      <FilterSelect
        label={t('flagged.filters.kind')}
        value={kind}
        options={KIND_OPTIONS}
        labelOf={(v) => t(`flagged.kinds.${v}`)}
        onChange={(next) => update({ kind: next === 'both' ? null : next, page: null })}
        testId="flagged-kind"
        minWidth={190}
      />
      {children}
    </FilterBar>
  );
}
