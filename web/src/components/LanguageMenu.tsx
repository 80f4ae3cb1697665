import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGS, type LangCode } from '@pc/core/locales';
import { LangFlag } from './LangFlag.tsx';

export default function LanguageMenu({
  anchor,
  current,
  onClose,
  onChange,
  langs,
}: {
  anchor: HTMLElement | null;
  current: LangCode;
  onClose(): void;
  onChange(lang: LangCode): void;
  langs?: readonly LangCode[] | undefined;
}) {
  return (
    <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGS.filter((lang) => !langs || langs.includes(lang.code)).map((lang) => (
        <MenuItem
          key={lang.code}
          selected={lang.code === current}
          lang={lang.code}
          dir={lang.dir}
          data-lang={lang.code}
          onClick={() => {
            onClose();
            if (lang.code !== current) onChange(lang.code);
          }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LangFlag lang={lang.code} />
          </ListItemIcon>
          <ListItemText>{lang.name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
