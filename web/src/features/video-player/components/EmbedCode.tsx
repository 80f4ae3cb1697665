import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { PROJECTS, type ProjectId } from '@pc/core/projects';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { projectName } from '../../../lib/links.ts';
import { FILE_ID_PLACEHOLDER, embedCode } from '../embed-code.ts';

/** The <iframe> snippet for a file's player on the chosen project, with a copy button. */
export function EmbedCode({ hosts }: { hosts: Partial<Record<ProjectId, string>> }) {
  const { t } = useTranslation('videoplayer');
  const projects = PROJECTS.filter((p) => hosts[p]);
  const [project, setProject] = useState<ProjectId>(projects[0] ?? 'fd1');
  const host = hosts[project];
  if (!host) return <Typography color="text.secondary">{t('embed.unavailable')}</Typography>;
  const code = embedCode(host);
  const copy = () => {
    const copied = navigator.clipboard?.writeText(code) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => feedback.snackbar(t('embed.copied')),
      () => feedback.snackbar(t('embed.copyFailed')),
    );
  };
  return (
    <Box>
      {projects.length > 1 ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={project}
          onChange={(_, value: ProjectId | null) => value && setProject(value)}
          aria-label={t('embed.project')}
          sx={{ mb: 2 }}
        >
          {projects.map((p) => (
            <ToggleButton key={p} value={p}>
              {projectName(p)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      <Box
        component="pre"
        dir="ltr"
        data-testid="embed-code"
        aria-label={t('embed.code')}
        sx={{
          m: 0,
          mb: 2,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          textAlign: 'left',
        }}
      >
        {code}
      </Box>
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
        {t('embed.copy')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('embed.fileId', { placeholder: FILE_ID_PLACEHOLDER })}
      </Typography>
    </Box>
  );
}
