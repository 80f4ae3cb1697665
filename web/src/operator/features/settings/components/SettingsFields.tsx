import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SettingsSection } from '@pc/core/contracts/console-lists-settings';
import { GOLD_LEVEL_IDS } from '@pc/core/product';
import { fieldKey, fieldsOf, type Draft, type SettingsField } from './settings-form.ts';

interface Group {
  title?: string;
  fields: SettingsField[];
}

/** Rates, shares and payout systems have short labels and many fields (two columns on a phone); the others need more room. */
const gridOf = (section: SettingsSection) =>
  section === 'countries'
    ? { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }
    : { display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(${section === 'rates' || section === 'shares' || section === 'payouts' ? 140 : 220}px, 1fr))` };

/** A section's fields in groups of one title each (a plan, a gold level, a payout system) and the section's single numbers. */
function useGroups(section: SettingsSection): Group[] {
  const { t } = useTranslation('console');
  const fields = fieldsOf(section);
  const byFirst = (title: (f: SettingsField) => string | undefined) => {
    const groups: Group[] = [];
    for (const field of fields) {
      const name = title(field);
      const last = groups.at(-1);
      if (last && last.title === name) last.fields.push(field);
      else groups.push({ title: name, fields: [field] });
    }
    return groups;
  };
  switch (section) {
    case 'rates':
    case 'shares':
      return byFirst((f) => t(`settings.plans.${String(f.path[1])}`));
    case 'gold':
      return byFirst((f) => (f.path.length === 3 ? t('settings.goldLevel', { level: f.path[1], name: t(`settings.goldLevels.${GOLD_LEVEL_IDS[Number(f.path[1])]}`) }) : t('settings.coins')));
    case 'payouts':
      return byFirst((f) => (f.path.length === 3 ? t(`payouts.systems.${String(f.path[1])}`, { defaultValue: String(f.path[1]) }) : t('settings.holds')));
    default:
      return [{ fields }];
  }
}

function labelOf(t: ReturnType<typeof useTranslation<'console'>>['t'], field: SettingsField): string {
  const last = String(field.path.at(-1));
  if (field.path[0] === 'downloadRates' || field.path[0] === 'countryGroups') return t('settings.group', { group: last });
  if (field.path[0] === 'saleShares') return t(`settings.saleKinds.${last}`);
  return t(`settings.fields.${last}`);
}

/** The fields of one section: every value as the member reads it, read-only without settings.write. */
export function SettingsFields({
  section,
  draft,
  errors,
  readOnly,
  onChange,
}: {
  section: SettingsSection;
  draft: Draft;
  errors: Record<string, string | undefined>;
  readOnly: boolean;
  onChange: (key: string, text: string) => void;
}) {
  const { t } = useTranslation('console');
  const groups = useGroups(section);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {t(`settings.sections.${section}.hint`)}
      </Typography>
      {groups.map((group, i) => (
        <Box key={group.title ?? i} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          {group.title ? (
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
              {group.title}
            </Typography>
          ) : null}
          <Box sx={gridOf(section)}>
            {group.fields.map((field) => {
              const key = fieldKey(field.path);
              const error = errors[key];
              const adornment =
                field.unit === 'rate' || field.unit === 'money'
                  ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
                  : field.unit === 'percent'
                    ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                    : field.unit === 'days'
                      ? { endAdornment: <InputAdornment position="end">{t('settings.units.daysShort')}</InputAdornment> }
                      : field.unit === 'hours'
                        ? { endAdornment: <InputAdornment position="end">{t('settings.units.hoursShort')}</InputAdornment> }
                        : {};
              return (
                <TextField
                  key={key}
                  id={`setting-${key}`}
                  label={labelOf(t, field)}
                  value={draft[key] ?? ''}
                  onChange={(e) => onChange(key, e.target.value)}
                  size="small"
                  multiline={field.unit === 'countries'}
                  minRows={field.unit === 'countries' ? 2 : undefined}
                  error={Boolean(error)}
                  helperText={error}
                  slotProps={{
                    input: { readOnly, ...adornment },
                    htmlInput: { inputMode: field.unit === 'countries' ? 'text' : 'decimal', 'data-testid': `setting-${key}`, spellCheck: false },
                  }}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
