import { forwardRef, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  id: string;
  label: string;
  name?: string;
  type?: string;
  value?: string;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
  /** Attributes of the input element itself (inputMode, dir, a test id). */
  inputProps?: React.InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

/**
 * An outlined text field, assembled from its parts: MUI's TextField also carries the select mode
 * (menu, popover, modal), which the sign-in forms do not need and should not download.
 * The helper text id follows TextField's convention (`<id>-helper-text`).
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  { id, label, helperText, error, required, endAdornment, inputRef, inputProps, ...input },
  ref,
) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl ref={ref} fullWidth error={error} required={required} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        required={required}
        aria-describedby={helperId}
        inputProps={inputProps}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
