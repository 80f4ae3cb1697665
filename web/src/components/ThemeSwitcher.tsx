import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import { useTranslation } from 'react-i18next';
import type { ThemePreference } from '@pc/core/contracts/auth';

const ICONS: Record<ThemePreference, typeof LightModeOutlined> = {
  light: LightModeOutlined,
  dark: DarkModeOutlined,
  system: SettingsBrightnessOutlined,
};
const CHOICES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export interface ThemeSwitcherProps {
  value: ThemePreference;
  onChange(theme: ThemePreference): void;
}

/** The light / dark / device's choice menu of the top bar; the button shows the current choice's icon. */
export function ThemeSwitcher({ value, onChange }: ThemeSwitcherProps) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Current = ICONS[value];
  return (
    <>
      <Tooltip title={t('theme.label')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'theme-menu' : undefined}
          aria-label={t('theme.choose', { scheme: t(`theme.${value}`) })}
          data-testid="theme-switcher"
        >
          <Current />
        </IconButton>
      </Tooltip>
      <Menu id="theme-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CHOICES.map((choice) => {
          const Icon = ICONS[choice];
          return (
            <MenuItem
              key={choice}
              role="menuitemradio"
              aria-checked={choice === value}
              selected={choice === value}
              data-theme-choice={choice}
              onClick={() => {
                setAnchor(null);
                if (choice !== value) onChange(choice);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`theme.${choice}`)}</ListItemText>
              {choice === value ? <CheckOutlined fontSize="small" sx={{ ml: 2, color: 'primary.main' }} /> : null}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
