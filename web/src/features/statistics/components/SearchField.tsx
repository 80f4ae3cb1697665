import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import { useTranslation } from 'react-i18next';

/** A search box that applies what was typed after a short pause (and at once on Enter). */
export function SearchField({
  value,
  onChange,
  label,
  testId,
}: {
  value: string;
  onChange: (next: string) => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('kit');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onChange(text.trim()), 400);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      fullWidth={false}
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text.trim());
      }}
      sx={{ minWidth: { xs: '100%', sm: 240 } }}
      slotProps={{
        htmlInput: { maxLength: 253, 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t('clear')} onClick={() => onChange('')} edge="end">
                <ClearOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
