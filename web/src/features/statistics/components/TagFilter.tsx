import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import { NO_TAG_PARAM } from '@pc/core/contracts/tags-paths';
import { useTags, type TagsParams } from '../api/get-tags.ts';

/** The select's value for "every tag": not a tag (a tag has no `*`) nor NO_TAG_PARAM. */
const ALL_TAGS = '*';
/** The tags offered: the period's best earning ones, one page of the tags call (its largest). */
const TAGS_OFFERED = 200;

/** The period whose tags are offered: the screen's date range, or a period of the tags call's own ('year'). */
export type TagFilterRange = Pick<TagsParams, 'period' | 'date_from' | 'date_to'>;

/**
 * The sub-ID tag filter of the statistics screens (decision 0206): every tag, "no tag", or one of the tags of the
 * period. `value` is the calls' `sub_id`: undefined for every tag, '' for no tag. A chosen tag stays in the list
 * when the period has none of its figures, so the select always shows what filters the screen.
 */
export function TagFilter({
  app,
  range,
  value,
  onChange,
}: {
  app: ProjectId;
  range: TagFilterRange;
  value: string | undefined;
  onChange: (next: string | undefined) => void;
}) {
  const { t } = useTranslation('stats');
  // "No tag" in the tags screen's words (its namespace loads with these screens).
  const { t: tagsT } = useTranslation('tags');
  const answer = useTags({ app, ...range, per_page: TAGS_OFFERED, sort_key: 'earned_micro', sort_dir: 'desc' });
  const offered = new Set((answer.data?.data ?? []).map((row) => row.sub_id).filter((tag) => tag !== ''));
  if (value) offered.add(value);
  const tags = [...offered].sort((a, b) => a.localeCompare(b));
  const selected = value === undefined ? ALL_TAGS : value === '' ? NO_TAG_PARAM : value;
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={t('tagFilter.label')}
      value={selected}
      onChange={(event) => {
        const next = event.target.value;
        onChange(next === ALL_TAGS ? undefined : next === NO_TAG_PARAM ? '' : next);
      }}
      sx={{ minWidth: 170 }}
      slotProps={{ htmlInput: { 'data-testid': 'filter-tag' }, select: { MenuProps: { disableScrollLock: true } } }}
    >
      <MenuItem value={ALL_TAGS}>{t('tagFilter.all')}</MenuItem>
      <MenuItem value={NO_TAG_PARAM}>{tagsT('noTag')}</MenuItem>
      {tags.map((tag) => (
        <MenuItem key={tag} value={tag}>
          {/* Tags are Latin: kept left to right in Arabic. */}
          <span dir="ltr">{tag}</span>
        </MenuItem>
      ))}
    </TextField>
  );
}
