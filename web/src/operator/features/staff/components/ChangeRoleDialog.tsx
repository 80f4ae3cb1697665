import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@pc/core/contracts/staff';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { RoleField } from '../../../components/RoleField.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { useUpdateStaff } from '../api/update-staff.ts';

/** Another role for a member; the server keeps at least one administrator. */
export function ChangeRoleDialog({ member, onClose, onChanged }: { member: StaffMember; onClose(): void; onChanged(member: StaffMember): void }) {
  const { t } = useTranslation('console');
  const update = useUpdateStaff();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [error, setError] = useState('');
  const save = async () => {
    setError('');
    try {
      onChanged(await update.mutateAsync({ id: member.id, change: { role } }));
    } catch (failure) {
      setError(refusalMessage(failure, t('staff.changeFailed')));
    }
  };
  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="change-role-title">
      <DialogTitle id="change-role-title">{t('staff.role.title', { name: member.name })}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <RoleField value={role} onChange={setRole} label={t('staff.role.label')} testId="change-role" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={update.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={update.isPending} disabled={role === member.role} data-testid="change-role-save">
          {t('staff.role.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
