import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A compact choice of a filter bar (a status, a player type, a folder): one option per value. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  labelOf,
  onChange,
  testId,
  minWidth = 170,
}: {
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (next: V) => void;
  testId?: string;
  minWidth?: number;
}) {
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth }}
      slotProps={{ htmlInput: { 'data-testid': testId }, select: { MenuProps: { disableScrollLock: true } } }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
