import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PostbackDelivery, PostbackProject } from '@pc/core/contracts/postbacks';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { Panel, QueryBlock, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { formatDateTime, NO_VALUE } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { projectName } from '../../../lib/links.ts';
import { usePostbacks } from '../api/postbacks-get.ts';
import { useRemovePostbackUrl, useRotatePostbackSecret, useSavePostbackUrl, useSendTestPostback } from '../api/postbacks-actions.ts';

/** The start every postback URL must have: a hint in the field, the same in every language. */
const HTTPS_PREFIX = 'https://';

const STATE_COLOR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** The server's message of a failed action the section shows itself (404, 422, 429), or a general one. */
function failureText(error: unknown, fallback: string): string | null {
  if (!isApiError(error) || ![404, 422, 429].includes(error.status)) return null;
  return error.errors.url?.[0] ?? (error.serverMessage || fallback);
}

/** The signing secret: masked until shown, copied, rotated (confirmed; needs the account password). */
function SecretRow({ secret }: { secret: string | null }) {
  const { t } = useTranslation('postbacks');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotatePostbackSecret((answer) => {
    setConfirming(false);
    setShown(true);
    feedback.snackbar(answer.message);
  });
  if (!secret)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="postback-secret-none">
        {t('secret.none')}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('secret.label')}
      </Typography>
      <Typography
        component="code"
        dir="ltr"
        data-testid="postback-secret"
        sx={{ display: 'block', fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere', my: 1 }}
      >
        {shown ? secret : `${secret.slice(0, 6)}${'•'.repeat(16)}`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => setShown((v) => !v)} data-testid="postback-secret-toggle">
          {shown ? t('secret.hide') : t('secret.show')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          data-testid="postback-secret-copy"
          onClick={() => void navigator.clipboard.writeText(secret).then(() => feedback.snackbar(t('secret.copied')))}
        >
          {t('secret.copy')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => setConfirming(true)} data-testid="postback-secret-rotate">
          {t('secret.rotate')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('secret.rotate_title')}
        message={t('secret.rotate_body')}
        confirmLabel={t('secret.rotate_confirm')}
        busy={rotate.isPending}
        danger
        onConfirm={() => rotate.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

function DeliveryLog({ project }: { project: PostbackProject }) {
  const { t } = useTranslation('postbacks');
  const answer = (d: PostbackDelivery) =>
    d.status_code !== null ? `HTTP ${d.status_code}` : d.error ? t(`reasons.${d.error}`, { status: d.status_code }) : NO_VALUE;
  const columns: Array<TableColumn<PostbackDelivery>> = [
    { field: 'created_at', header: t('log.time'), kind: 'datetime', minWidth: 170 },
    { field: 'event', header: t('log.event'), value: (d) => t(`events.${d.event}`), minWidth: 130 },
    {
      field: 'state',
      header: t('log.status'),
      value: (d) => t(`states.${d.state}`),
      render: (d) => <Chip size="small" variant="outlined" color={STATE_COLOR[d.state]} label={t(`states.${d.state}`)} />,
      minWidth: 120,
    },
    { field: 'attempts', header: t('log.attempts'), kind: 'count', minWidth: 100 },
    { field: 'next_attempt_at', header: t('log.next_attempt'), value: (d) => (d.next_attempt_at ? formatDateTime(d.next_attempt_at) : NO_VALUE), minWidth: 170 },
    { field: 'response', header: t('log.response'), value: answer, minWidth: 200, flex: 1 },
  ];
  return (
    <DataTable
      label={t('log.caption', { project: projectName(project.project) })}
      columns={columns}
      rows={project.deliveries}
      getRowId={(d) => d.id}
      emptyTitle={t('log.empty')}
    />
  );
}

/** One project: its URL form (save, remove, send test) and its delivery log. */
function ProjectBlock({ project }: { project: PostbackProject }) {
  const { t } = useTranslation('postbacks');
  const name = projectName(project.project);
  const [url, setUrl] = useState(project.url ?? '');
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const save = useSavePostbackUrl((answer) => feedback.snackbar(answer.message));
  const remove = useRemovePostbackUrl(() => {
    setConfirmingRemove(false);
    setUrl('');
    feedback.snackbar(t('removed'));
  });
  const test = useSendTestPostback((answer) => (answer.delivered ? feedback.snackbar(answer.message) : undefined));
  const fieldError = failureText(save.error, t('reasons.invalid_url'));
  const actionError = failureText(remove.error, t('not_found')) ?? failureText(test.error, t('not_found'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    test.reset();
    save.mutate({ project: project.project, url: url.trim() });
  };
  const busy = save.isPending || remove.isPending || test.isPending;
  return (
    <Box data-testid={`postback-project-${project.project}`} sx={{ minWidth: 0 }}>
      <SectionTitle>{name}</SectionTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          label={t('project.url_label', { project: name })}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? (project.updated_at ? t('project.updated', { date: formatDateTime(project.updated_at) }) : t('project.url_helper'))}
          placeholder={HTTPS_PREFIX}
          inputMode="url"
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `postback-url-${project.project}` } }}
          sx={{ flex: '1 1 280px', minWidth: 0 }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={busy || !url.trim()} data-testid={`postback-save-${project.project}`}>
            {t('project.save')}
          </Button>
          {project.url ? (
            <>
              <Button variant="outlined" onClick={() => test.mutate({ project: project.project })} loading={test.isPending} disabled={busy} data-testid={`postback-test-${project.project}`}>
                {t('project.send_test')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirmingRemove(true)} disabled={busy} data-testid={`postback-remove-${project.project}`}>
                {t('project.remove')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Box>
      {!project.url ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('project.none')}
        </Typography>
      ) : null}
      {test.data && !test.data.delivered ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid={`postback-test-result-${project.project}`}>
          {test.data.message}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {actionError}
        </Alert>
      ) : null}
      {project.url || project.deliveries.length ? <DeliveryLog project={project} /> : null}
      <ConfirmDialog
        open={confirmingRemove}
        title={t('project.remove_title')}
        message={t('project.remove_body', { project: name })}
        confirmLabel={t('project.remove_confirm')}
        busy={remove.isPending}
        danger
        onConfirm={() => remove.mutate({ project: project.project })}
        onCancel={() => setConfirmingRemove(false)}
      />
    </Box>
  );
}

/**
 * Postbacks (docs/product.md#postbacks; decision 0123): per project an https URL that receives a signed POST for each
 * sale, sale status change and payout status change, with the signing secret and the delivery log.
 */
export function PostbacksSection() {
  const { t } = useTranslation('postbacks');
  const state = usePostbacks();
  return (
    <Panel id="postbacks" title={t('title')}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('intro')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('signature_help')}
        </Typography>
        <QueryBlock query={state} height={240}>
          {(data) => (
            <Stack spacing={3}>
              <SecretRow secret={data.secret} />
              {data.projects.map((p) => (
                <ProjectBlock key={`${p.project}:${p.url ?? ''}`} project={p} />
              ))}
            </Stack>
          )}
        </QueryBlock>
      </Stack>
    </Panel>
  );
}
