import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PasswordOutlined from '@mui/icons-material/PasswordOutlined';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@pc/core/contracts/staff';
import type { LangCode } from '@pc/core/locales';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { ChangePasswordDialog } from '../../features/account/components/ChangePasswordDialog.tsx';
import { CONSOLE_LANGS } from '../../lib/i18n.ts';

export interface ConsoleTopBarProps {
  me: StaffMe;
  language: string;
  /** Opens the sidebar (phones, where it is a drawer); undefined where it is always shown. */
  onMenu?: (() => void) | undefined;
  onLanguage(lang: LangCode): void;
  onSignOut(): void;
  signingOut: boolean;
}

/**
 * The member's name and role (their menu: changing their password; a token has no password, so no menu), the language
 * (English or Russian) and sign-out; on phones a menu button first.
 */
export function ConsoleTopBar({ me, language, onMenu, onLanguage, onSignOut, signingOut }: ConsoleTopBarProps) {
  const { t } = useTranslation('console');
  const [menuAt, setMenuAt] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  // Only a person signed in to the console has a password here (who-am-I names a token without an e-mail).
  const person = me.email !== '';
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 3 } }}>
        {onMenu ? (
          <IconButton edge="start" onClick={onMenu} aria-label={t('topBar.menu')} data-testid="console-menu">
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <ButtonBase
          disabled={!person}
          onClick={(event) => setMenuAt(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={menuAt ? true : undefined}
          aria-label={t('topBar.memberMenu', { name: me.name })}
          sx={{ minWidth: 0, textAlign: 'end', display: 'block', borderRadius: 1, px: 0.5 }}
          data-testid="console-member"
        >
          <Typography noWrap sx={{ fontWeight: 600, fontSize: 14, lineHeight: 1.3 }}>
            {me.name}
          </Typography>
          <Typography noWrap variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
            {t(`roles.${me.role}`)}
          </Typography>
        </ButtonBase>
        <Menu anchorEl={menuAt} open={Boolean(menuAt)} onClose={() => setMenuAt(null)} disableScrollLock>
          <MenuItem
            data-testid="change-password"
            onClick={() => {
              setMenuAt(null);
              setChanging(true);
            }}
          >
            <PasswordOutlined fontSize="small" sx={{ mr: 1.5 }} />
            {t('password.open')}
          </MenuItem>
        </Menu>
        {changing ? (
          <ChangePasswordDialog
            onClose={() => setChanging(false)}
            onChanged={(answer) => {
              setChanging(false);
              feedback.snackbar(t('password.done', { count: answer.sessions_ended }));
            }}
          />
        ) : null}
        <LanguageSwitcher value={language} onChange={onLanguage} langs={CONSOLE_LANGS} compact />
        <Tooltip title={t('topBar.signOut')}>
          <span>
            <Button
              color="inherit"
              onClick={onSignOut}
              loading={signingOut}
              data-testid="sign-out"
              aria-label={t('topBar.signOut')}
              sx={{ minWidth: 0, px: 1 }}
              startIcon={<LogoutOutlined />}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('topBar.signOut')}
              </Box>
            </Button>
          </span>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
