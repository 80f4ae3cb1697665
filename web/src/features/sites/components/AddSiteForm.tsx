import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { parseSiteUrl } from '@pc/core/rules/sites';
import type { ProjectId } from '@pc/core/projects';
import { Panel } from '../../../components/layout/QueryState.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { isApiError } from '../../../lib/http.ts';
import { useAddSite } from '../api/add-site.ts';

/** The start of a site's address: a hint in the field, the same in every language. */
const URL_HINT = 'https://';

/**
 * The add-site form. The address is checked here for what the browser can tell (empty, not a URL, another
 * scheme, a password in it); the server decides the rest (a real public host, listed already, claimed by
 * another partner, banned) and its message lands on the field.
 */
export function AddSiteForm({ app }: { app: ProjectId }) {
  const { t } = useTranslation('sites');
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const add = useAddSite();

  const localProblem = (value: string): string | null => {
    if (!value.trim()) return t('url.required');
    const parsed = parseSiteUrl(value, { allowLocal: true });
    return parsed.ok ? null : t(`url.${parsed.problem}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const problem = localProblem(url);
    setFieldError(problem);
    if (problem) return;
    add.mutate(
      { app, url: url.trim() },
      {
        onSuccess: (answer) => {
          setUrl('');
          feedback.snackbar(answer.message);
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.url?.[0]) return setFieldError(error.errors.url[0]);
          if (isApiError(error) && error.status < 500 && error.serverMessage) return setGeneral(error.serverMessage);
          if (!isApiError(error) || error.status < 500) setGeneral(t('add.failed'));
        },
      },
    );
  };

  return (
    <Panel title={t('add.title')} id="sites-add">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id="site-url"
          label={t('add.label')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (fieldError) setFieldError(localProblem(e.target.value));
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? t('add.helper')}
          placeholder={URL_HINT}
          inputMode="url"
          autoComplete="url"
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'site-url' } }}
          sx={{ flex: '1 1 260px', minWidth: 0 }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: 1 }} data-testid="site-add">
          {t('add.submit')}
        </Button>
      </Box>
      {general ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          <Typography variant="body2">{general}</Typography>
        </Alert>
      ) : null}
    </Panel>
  );
}
