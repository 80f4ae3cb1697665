import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';

/** A free-text filter of the URL: applied on Enter or when the field is left, not at every key. */
export function TextFilter({ label, value, onApply, helperText, testId, inputMode, width = 200 }: { label: string; value: string; onApply(value: string): void; helperText?: string; testId: string; inputMode?: 'decimal' | 'text'; width?: number }) {
  const [text, setText] = useState(value);
  // Back and forward change the URL under the field.
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  return (
    <TextField
      fullWidth={false}
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      helperText={helperText}
      sx={{ minWidth: Math.min(170, width), flex: { xs: '1 1 100%', sm: `0 1 ${width}px` } }}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode } }}
    />
  );
}
