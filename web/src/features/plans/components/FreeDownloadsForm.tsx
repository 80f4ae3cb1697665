import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FreeDownloadSettingsView } from '@pc/core/contracts/plans';
import { FREE_DOWNLOAD_MODES, type FreeDownloadMode } from '@pc/core/rules/plans';
import type { ProjectId } from '@pc/core/projects';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useSaveFreeDownloads } from '../api/save-free-downloads.ts';
import { refusalMessage } from './refusal.ts';

const MB = 1_048_576;

function AllowChoice({ label, name, value, onChange }: { label: string; name: string; value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('plans');
  return (
    <FormControl>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`${name}-label`} name={name} value={value ? 'allow' : 'disallow'} onChange={(e) => onChange(e.target.value === 'allow')}>
        <FormControlLabel value="allow" control={<Radio />} label={t('freeDownloads.allow')} />
        <FormControlLabel value="disallow" control={<Radio />} label={t('freeDownloads.disallow')} />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * Free downloads on PPS: allow all, disallow all, or file by file (with a default for new files and another for
 * the Inbox folder), and the largest file that may be downloaded for free (or no cap).
 */
export function FreeDownloadsForm({ app, settings, startsOn }: { app: ProjectId; settings: FreeDownloadSettingsView; startsOn: string | null }) {
  const { t } = useTranslation('plans');
  const save = useSaveFreeDownloads(app);
  const [mode, setMode] = useState<FreeDownloadMode>(settings.mode);
  const [newFiles, setNewFiles] = useState(settings.new_files_default);
  const [inbox, setInbox] = useState(settings.inbox_default);
  const [unlimited, setUnlimited] = useState(settings.max_file_size_bytes === null);
  const [sizeMb, setSizeMb] = useState(settings.max_file_size_bytes === null ? '' : String(Math.max(1, Math.round(settings.max_file_size_bytes / MB))));
  const [sizeError, setSizeError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let bytes: number | null = null;
    if (!unlimited) {
      const text = sizeMb.trim();
      if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
        setSizeError(t('freeDownloads.sizeInvalid'));
        return;
      }
      bytes = Number(text) * MB;
    }
    setSizeError(null);
    save.mutate(
      { mode, new_files_default: newFiles, inbox_default: inbox, max_file_size_bytes: bytes },
      { onSuccess: (answer) => feedback.snackbar(answer.message) },
    );
  };

  const refusal = refusalMessage(save.error, t('error.save'));
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }} data-testid="free-downloads">
      <Typography variant="body2">{t('freeDownloads.intro')}</Typography>
      {startsOn ? (
        <Alert severity="info" data-testid="free-downloads-pending">
          {t('freeDownloads.pending', { date: startsOn })}
        </Alert>
      ) : null}
      <FormControl>
        <FormLabel id="free-mode-label">{t('freeDownloads.mode')}</FormLabel>
        <RadioGroup aria-labelledby="free-mode-label" name="mode" value={mode} onChange={(e) => setMode(e.target.value as FreeDownloadMode)}>
          {FREE_DOWNLOAD_MODES.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={t(`freeDownloads.modes.${m}`)} data-testid={`free-mode-${m}`} />
          ))}
        </RadioGroup>
      </FormControl>
      {mode === 'individual' ? (
        <Box sx={{ display: 'grid', gap: 1.5, pl: { xs: 0, sm: 4 } }}>
          <Typography variant="body2" color="text.secondary">
            {t('freeDownloads.individualHint')}
          </Typography>
          <AllowChoice label={t('freeDownloads.newFiles')} name="new_files_default" value={newFiles} onChange={setNewFiles} />
          <AllowChoice label={t('freeDownloads.inbox')} name="inbox_default" value={inbox} onChange={setInbox} />
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormLabel id="free-size-label">{t('freeDownloads.maxSize')}</FormLabel>
        <FormControlLabel
          control={<Switch checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} data-testid="free-unlimited" />}
          label={t('freeDownloads.unlimited')}
        />
        {unlimited ? null : (
          <TextField
            label={t('freeDownloads.size')}
            value={sizeMb}
            onChange={(e) => setSizeMb(e.target.value)}
            error={sizeError !== null}
            helperText={sizeError ?? t('freeDownloads.sizeHint')}
            inputMode="numeric"
            sx={{ maxWidth: 280 }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'aria-describedby': 'free-size-label', 'data-testid': 'free-size' },
            }}
          />
        )}
      </Box>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="free-save">
          {t('freeDownloads.save')}
        </Button>
      </Box>
    </Box>
  );
}
