import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@pc/core/contracts/staff';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { QueryBlock } from '../../../../components/layout/QueryState.tsx';
import { formatDateTime, NO_VALUE } from '../../../../lib/format.ts';
import { SecretOnceDialog } from '../../../components/SecretOnceDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { useMe } from '../../../lib/session.ts';
import { useStaff } from '../api/get-staff.ts';
import { useUpdateStaff, type StaffChange } from '../api/update-staff.ts';
import type { CreateStaffAnswer } from '../api/create-staff.ts';
import { AddMemberDialog } from '../components/AddMemberDialog.tsx';
import { ChangeRoleDialog } from '../components/ChangeRoleDialog.tsx';

type Confirming = { member: StaffMember; action: 'disable' | 'enable' | 'reset' };

/** The actions of one member's row, behind a menu button so that the row stays narrow on phones. */
function RowActions({ member, onRole, onConfirm }: { member: StaffMember; onRole(): void; onConfirm(action: Confirming['action']): void }) {
  const { t } = useTranslation('console');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  return (
    <>
      <IconButton size="small" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('staff.actionsFor', { name: member.name })} data-testid={`member-actions-${member.id}`}>
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} disableScrollLock>
        <MenuItem onClick={pick(onRole)}>{t('staff.changeRole')}</MenuItem>
        {member.disabled_at ? (
          <MenuItem onClick={pick(() => onConfirm('enable'))}>{t('staff.enable')}</MenuItem>
        ) : (
          <MenuItem onClick={pick(() => onConfirm('disable'))}>{t('staff.disable')}</MenuItem>
        )}
        <MenuItem onClick={pick(() => onConfirm('reset'))} disabled={!member.totp_confirmed}>
          {t('staff.resetAuthenticator')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Staff (staff.manage): every member, adding one, a role, disabling and enabling, a reset of the authenticator. */
export default function StaffPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const staff = useStaff();
  const update = useUpdateStaff();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<CreateStaffAnswer | null>(null);
  const [roleOf, setRoleOf] = useState<StaffMember | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const columns: TableColumn<StaffMember>[] = [
    {
      field: 'name',
      header: t('staff.columns.member'),
      minWidth: 220,
      flex: 2,
      hideable: false,
      value: (m) => m.name,
      render: (m) => (
        <Box sx={{ py: 0.75, minWidth: 0, lineHeight: 1.3 }}>
          <Typography noWrap sx={{ fontWeight: 600, fontSize: 14 }}>
            {m.name}
            {m.id === me?.id ? ` (${t('staff.you')})` : ''}
          </Typography>
          <Typography noWrap variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {m.email}
          </Typography>
        </Box>
      ),
    },
    { field: 'role', header: t('staff.columns.role'), minWidth: 130, value: (m) => t(`roles.${m.role}`) },
    {
      field: 'state',
      header: t('staff.columns.state'),
      minWidth: 230,
      value: (m) => (m.disabled_at ? t('staff.state.disabled') : m.totp_confirmed ? t('staff.state.active') : t('staff.state.setupPending')),
      render: (m) => (
        <Chip
          size="small"
          data-testid={`member-state-${m.id}`}
          color={m.disabled_at ? 'default' : m.totp_confirmed ? 'success' : 'warning'}
          variant={m.disabled_at ? 'outlined' : 'filled'}
          label={m.disabled_at ? t('staff.state.disabled') : m.totp_confirmed ? t('staff.state.active') : t('staff.state.setupPending')}
        />
      ),
    },
    { field: 'last_seen_at', header: t('staff.columns.lastSeen'), kind: 'datetime', minWidth: 170 },
    {
      field: 'created_at',
      header: t('staff.columns.added'),
      minWidth: 190,
      value: (m) => m.created_at,
      render: (m) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3 }}>
          <Typography sx={{ fontSize: 14 }}>{formatDateTime(m.created_at)}</Typography>
          <Typography noWrap variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('staff.addedBy', { name: m.created_by || NO_VALUE })}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'actions',
      header: t('staff.columns.actions'),
      minWidth: 80,
      flex: 0.5,
      hideable: false,
      value: () => '',
      render: (m) => <RowActions member={m} onRole={() => setRoleOf(m)} onConfirm={(action) => setConfirming({ member: m, action })} />,
    },
  ];

  const change = async ({ member, action }: Confirming) => {
    const body: StaffChange = action === 'reset' ? { reset_totp: true } : { disabled: action === 'disable' };
    try {
      await update.mutateAsync({ id: member.id, change: body });
      feedback.snackbar(t(`staff.done.${action}`, { name: member.name }));
    } catch (error) {
      feedback.snackbar(refusalMessage(error, t('staff.changeFailed')));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <PageLayout
      title={t('nav.staff')}
      breadcrumbs={false}
      actions={
        <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setAdding(true)} data-testid="member-add">
          {t('staff.add.open')}
        </Button>
      }
    >
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <QueryBlock query={staff} height={320}>
          {(answer) => (
            <DataTable
              label={t('staff.tableLabel')}
              columns={columns}
              rows={answer.data}
              getRowId={(m) => m.id}
              emptyTitle={t('staff.empty')}
              rowHeight="auto"
            />
          )}
        </QueryBlock>
      </Paper>
      {adding ? (
        <AddMemberDialog
          open
          onClose={() => setAdding(false)}
          onAdded={(answer) => {
            setAdding(false);
            if (answer.temporary_password) setAdded(answer);
            else feedback.snackbar(t('staff.add.done', { name: answer.member.name }));
          }}
        />
      ) : null}
      {added?.temporary_password ? (
        <SecretOnceDialog
          open
          testId="temporary-password"
          title={t('staff.add.passwordTitle')}
          intro={t('staff.add.passwordIntro', { name: added.member.name, email: added.member.email })}
          label={t('staff.add.passwordLabel')}
          secret={added.temporary_password}
          onClose={() => setAdded(null)}
        />
      ) : null}
      {roleOf ? (
        <ChangeRoleDialog
          member={roleOf}
          onClose={() => setRoleOf(null)}
          onChanged={(member) => {
            setRoleOf(null);
            feedback.snackbar(t('staff.done.role', { name: member.name, role: t(`roles.${member.role}`) }));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`staff.confirm.${confirming.action}.title`, { name: confirming.member.name }) : ''}
        message={confirming ? t(`staff.confirm.${confirming.action}.message`, { name: confirming.member.name }) : ''}
        confirmLabel={confirming ? t(`staff.confirm.${confirming.action}.button`) : undefined}
        danger={confirming?.action !== 'enable'}
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void change(confirming)}
      />
    </PageLayout>
  );
}
