import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@pc/core/rules/staff-access';

/** A staff role to choose, each with what it is for. */
export function RoleField({ value, onChange, label, testId }: { value: StaffRole; onChange(role: StaffRole): void; label: string; testId: string }) {
  const { t } = useTranslation('console');
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      slotProps={{ htmlInput: { 'data-testid': testId }, select: { MenuProps: { disableScrollLock: true } } }}
      helperText={t(`roleHints.${value}`)}
    >
      {STAFF_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
