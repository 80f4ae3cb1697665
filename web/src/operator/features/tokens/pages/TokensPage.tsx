import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import type { OperatorTokenView } from '@pc/core/contracts/staff';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { QueryBlock } from '../../../../components/layout/QueryState.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { SecretOnceDialog } from '../../../components/SecretOnceDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { useTokens } from '../api/get-tokens.ts';
import { useRevokeToken } from '../api/revoke-token.ts';
import type { CreateTokenAnswer } from '../api/create-token.ts';
import { CreateTokenDialog } from '../components/CreateTokenDialog.tsx';

/** Tokens (tokens.manage): the named API tokens for automation, creating one (its secret shown once) and revoking. */
export default function TokensPage() {
  const { t } = useTranslation('console');
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateTokenAnswer | null>(null);
  const [revoking, setRevoking] = useState<OperatorTokenView | null>(null);

  const columns: TableColumn<OperatorTokenView>[] = [
    { field: 'name', header: t('tokens.columns.name'), minWidth: 180, flex: 1.5, hideable: false },
    { field: 'role', header: t('tokens.columns.role'), minWidth: 120, value: (tk) => t(`roles.${tk.role}`) },
    {
      field: 'created_at',
      header: t('tokens.columns.created'),
      minWidth: 190,
      value: (tk) => tk.created_at,
      render: (tk) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3 }}>
          <Typography sx={{ fontSize: 14 }}>{formatDateTime(tk.created_at)}</Typography>
          <Typography noWrap variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('tokens.createdBy', { name: tk.created_by })}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'last_used_at',
      header: t('tokens.columns.lastUsed'),
      minWidth: 170,
      value: (tk) => tk.last_used_at,
      render: (tk) => (tk.last_used_at ? formatDateTime(tk.last_used_at) : t('tokens.neverUsed')),
    },
    {
      field: 'revoked_at',
      header: t('tokens.columns.state'),
      minWidth: 200,
      value: (tk) => tk.revoked_at,
      render: (tk) =>
        tk.revoked_at ? (
          <Chip size="small" variant="outlined" data-testid={`token-state-${tk.id}`} label={t('tokens.revokedAt', { when: formatDateTime(tk.revoked_at) })} />
        ) : (
          <Chip size="small" color="success" data-testid={`token-state-${tk.id}`} label={t('tokens.active')} />
        ),
    },
    {
      field: 'actions',
      header: t('tokens.columns.actions'),
      minWidth: 120,
      flex: 0.6,
      hideable: false,
      value: () => '',
      render: (tk) =>
        tk.revoked_at ? null : (
          <Button size="small" color="error" onClick={() => setRevoking(tk)} aria-label={t('tokens.revokeNamed', { name: tk.name })} data-testid={`token-revoke-${tk.id}`}>
            {t('tokens.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <PageLayout
      title={t('nav.tokens')}
      breadcrumbs={false}
      actions={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)} data-testid="token-create">
          {t('tokens.create.open')}
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('tokens.intro')}
      </Typography>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <QueryBlock query={tokens} height={240}>
          {(answer) => (
            <DataTable
              label={t('tokens.tableLabel')}
              columns={columns}
              rows={answer.data}
              getRowId={(tk) => tk.id}
              emptyTitle={t('tokens.empty')}
              emptyMessage={t('tokens.emptyHint')}
              rowHeight="auto"
            />
          )}
        </QueryBlock>
      </Paper>
      {creating ? (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      ) : null}
      {created ? (
        <SecretOnceDialog
          open
          testId="token-secret"
          title={t('tokens.secret.title', { name: created.token.name })}
          intro={t('tokens.secret.intro')}
          label={t('tokens.secret.label')}
          secret={created.secret}
          onClose={() => setCreated(null)}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('tokens.confirm.title', { name: revoking.name }) : ''}
        message={t('tokens.confirm.message')}
        confirmLabel={t('tokens.revoke')}
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const token = revoking;
          revoke.mutate(token.id, {
            onSuccess: () => feedback.snackbar(t('tokens.revoked', { name: token.name })),
            onError: (error) => feedback.snackbar(refusalMessage(error, t('tokens.revokeFailed'))),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </PageLayout>
  );
}
