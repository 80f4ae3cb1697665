import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '../../../components/form/TextInput.tsx';

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLDivElement, Omit<TextInputProps, 'type' | 'endAdornment'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation('auth');
    const [visible, setVisible] = useState(false);
    return (
      <TextInput
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              onClick={() => setVisible((v) => !v)}
              edge="end"
              aria-label={visible ? t('hidePassword') : t('showPassword')}
              title={visible ? t('hidePassword') : t('showPassword')}
            >
              {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
