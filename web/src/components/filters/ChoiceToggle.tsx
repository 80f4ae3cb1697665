import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/** A row of exclusive buttons (a period, a grouping): one is always chosen. */
export function ChoiceToggle<V extends string>({
  label,
  value,
  options,
  labelOf,
  onChange,
  testIdPrefix,
}: {
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (next: V) => void;
  testIdPrefix?: string;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: V | null) => next && onChange(next)}
      aria-label={label}
    >
      {options.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          sx={{ px: 1.5 }}
          data-testid={testIdPrefix ? `${testIdPrefix}${option}` : undefined}
        >
          {labelOf(option)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
